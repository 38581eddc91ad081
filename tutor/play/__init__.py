"""The practice game: a model, a coach, records and a plain face (placeholder docstring)."""
