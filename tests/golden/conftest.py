"""The golden tests: the clock's sitecustomize and the transcripts are no test modules."""

collect_ignore = ["clock", "transcripts", "broken"]
