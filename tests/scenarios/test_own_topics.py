"""A teacher's own topics (issue 24): a ``topics.toml`` beside the scenario files names a topic
in en, de and pap; ``validate`` accepts its topics and refuses unknown ones with path:line; the
quiz, ``list`` and the gallery say the teacher's name in the learner's language. Before, the
docs promised that a new topic makes a new gallery page while ``validate`` refused every topic
the tutor did not know."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.scenarios.test_reader import BASE
from tutor.cli.app import main
from tutor.scenarios.library import scenario_files
from tutor.scenarios.model import ScenarioError
from tutor.scenarios.own_topics import parse_topics, topics_beside
from tutor.scenarios.reader import load_scenario, parse_scenario

TOPICS = """\
# The topics of this folder: a key, and its name in each language.
[counting-the-ends]
en = "Counting the ends"
de = "Die Enden zählen"
pap = "Suma e puntonan habrí"
about.en = "Add up both ends after every play."
about.de = "Zähle nach jedem Zug beide Enden zusammen."
about.pap = "Suma e dos punto habrí despues di kada hugada."
"""
OWN = BASE.replace('topic = "key-cards"', 'topic = "counting-the-ends"')


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A teacher's folder: topics.toml at the top, two scenarios of its topic below it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    root = tmp_path / "lessons"
    (root / "week-1").mkdir(parents=True)
    (root / "topics.toml").write_text(TOPICS, encoding="utf-8")
    (root / "week-1" / "a.toml").write_text(OWN, encoding="utf-8")
    (root / "week-1" / "b.toml").write_text(OWN.replace("test/base", "test/b"), encoding="utf-8")
    return root


def test_validate_accepts_the_topic_of_a_topics_toml_above_the_file(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", str(folder)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""  # no warning: a teacher's topic has no detector to disagree
    assert "3 files: 3 ok" in captured.err  # the two scenarios and topics.toml, checked alone
    assert load_scenario(folder / "week-1" / "a.toml").topic == "counting-the-ends"


def test_an_unknown_topic_is_refused_with_its_line_and_where_to_declare_one(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = folder / "week-1" / "a.toml"
    path.write_text(OWN.replace("counting-the-ends", "counting-the-end"), encoding="utf-8")
    assert main(["validate", "-q", str(path)]) == 2
    out = capsys.readouterr().out
    assert out.startswith(f"{path}:3: unknown topic 'counting-the-end' (known topics: ")
    assert "in topics.toml: counting-the-ends" in out
    with pytest.raises(ScenarioError, match=r"a topic of your own is declared .* topics\.toml"):
        parse_scenario(OWN, "x.toml")  # no topics.toml given: the teacher's topic is unknown


@pytest.mark.parametrize(
    ("old", "new", "line", "problem"),
    [
        ('pap = "Suma e puntonan habrí"\n', "", 2, 'has no name in Papiamentu: write pap = "..."'),
        ('about.de = "Zähle nach jedem Zug beide Enden zusammen."\n', "", 2,
         'has no description in German: write about.de = "..."'),
        ("[counting-the-ends]", "[hard-ends]", 2, "'hard-ends' is a topic of the tutor already"),
        ('de = "Die Enden zählen"', 'fr = "Compter"', 4, "unknown key 'counting-the-ends.fr'"),
        ('en = "Counting the ends"', "en = 5", 3, "'counting-the-ends.en' must be a non-empty"),
        ('en = "Counting the ends"', f'en = "{"x" * 61}"', 3, "61 characters, at most 60"),
        ("[counting-the-ends]", "[Counting_Ends]", 2, "lower-case letters and digits joined by"),
    ],
)
def test_a_broken_topics_toml_is_refused_once_with_its_line(
    folder: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, line: int, problem: str
) -> None:
    topics = folder / "topics.toml"
    topics.write_text(TOPICS.replace(old, new), encoding="utf-8")
    assert main(["validate", "-q", str(folder)]) == 2
    out = capsys.readouterr().out.splitlines()
    said = [text for text in out if text.startswith(f"{topics}:{line}: ")]
    assert len(said) == 1 and problem in said[0], out  # once, not under each of the two files
    assert len(out) == 1, out


def test_validate_checks_a_topics_toml_that_no_scenario_uses(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for path in (folder / "week-1").iterdir():
        path.unlink()
    (folder / "topics.toml").write_text("[a]\nen = 'A'\n", encoding="utf-8")
    assert main(["validate", "-q", str(folder)]) == 2
    said = f"{folder / 'topics.toml'}:1: the topic 'a' has no name in German: write de = \"...\""
    assert capsys.readouterr().out == said + "\n"


def test_a_topics_toml_given_by_name_is_checked_alone(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["validate", "-q", str(folder / "topics.toml")]) == 0
    (folder / "topics.toml").write_text("[a]\nen = 'A'\n", encoding="utf-8")
    assert main(["validate", "-q", str(folder / "topics.toml")]) == 2
    assert "has no name in German" in capsys.readouterr().out


def test_the_nearest_topics_toml_names_the_topic(folder: Path) -> None:
    near = TOPICS.replace("Counting the ends", "Count both ends")
    (folder / "week-1" / "topics.toml").write_text(near, encoding="utf-8")
    assert topics_beside(folder / "week-1" / "a.toml")["counting-the-ends"].names["en"] == (
        "Count both ends"
    )
    assert topics_beside(folder / "a.toml")["counting-the-ends"].names["en"] == (
        "Counting the ends"
    )
    assert [p.name for p in scenario_files([folder])] == ["a.toml", "b.toml"]


@pytest.mark.parametrize(
    ("language", "name"),
    [("en", "Counting the ends"), ("de", "Die Enden zählen"), ("pap", "Suma e puntonan habrí")],
)
def test_list_and_the_quiz_name_the_teachers_topic_in_the_learners_language(
    folder: Path, capsys: pytest.CaptureFixture[str], language: str, name: str
) -> None:
    assert main(["list", "--lang", language, str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"counting-the-ends  2  {name}" in out
    code = main(["quiz", "--plain", "--lang", language, "--scenarios", str(folder),
                 "--topic", "hard-ends"])
    assert code != 0
    err = capsys.readouterr().err
    assert f"counting-the-ends ({name})" in err.replace("\n", " "), err


def test_the_gallery_heads_the_topic_with_its_name_and_description(folder: Path) -> None:
    from tutor.sphinxext.scenarios import load_topics, topic_name
    from tutor.words.i18n import Speaker

    topics = load_topics(folder)
    assert list(topics) == ["counting-the-ends"] and len(topics["counting-the-ends"]) == 2
    assert topic_name("counting-the-ends", Speaker("pap")) == (
        "Suma e puntonan habrí", "Suma e dos punto habrí despues di kada hugada."
    )
    assert topic_name("counting-the-ends", Speaker("de"))[0] == "Die Enden zählen"


def test_the_names_are_plain_text_like_every_text_of_a_file() -> None:
    text = TOPICS.replace("Die Enden zählen", "Die Enden\u200b zählen")
    with pytest.raises(ScenarioError, match=r"topics\.toml:4: .*\\u200b"):
        parse_topics(text, "topics.toml")


@pytest.mark.parametrize(
    ("language", "said"),
    [("de", "Die Enden zählen: 1 von 1 richtig"), ("pap", "Suma e puntonan habrí: 1 di 1 korekto")],
)
def test_progress_names_the_teachers_topic_it_has_only_the_key_of(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    language: str, said: str,
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("2\n"))
    main(["quiz", "--plain", "--lang", language, "--scenarios", str(folder), "--count", "1"])
    capsys.readouterr()
    from tutor.words import own_topics

    monkeypatch.setattr(own_topics, "_NAMES", {})  # a new process: progress knows only the key
    monkeypatch.setattr(own_topics, "_ABOUT", {})
    monkeypatch.setattr("tutor.scenarios.own_topics._READ", {})
    assert main(["progress", "--lang", language]) == 0
    out = capsys.readouterr().out
    assert said in out, out
    assert "counting-the-ends" not in out
