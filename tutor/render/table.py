"""Setting text out on a terminal: pieces packed into rows of a width, blocks of lines side by
side, blank lines dropped when the rows run short.

One packing rule (``strips``) for every face: the tiles of a drawn line or hand
(``tutor.render.terminal``), the seats of the quiz and the game screens (``side_by_side``),
and the game screen's key bar.
"""

from __future__ import annotations

from collections.abc import Sequence


def strips(sizes: Sequence[int], width: int, gap: int = 0) -> list[list[int]]:
    """Indexes of pieces of ``sizes`` columns, in order, cut into strips that fit ``width``
    with ``gap`` columns between two pieces (a piece wider than ``width`` has a strip alone).

    >>> strips([5, 5, 3, 5], 10)
    [[0, 1], [2, 3]]
    >>> strips([5, 5, 3, 5], 11, gap=1), strips([12, 1], 10)
    ([[0, 1], [2, 3]], [[0], [1]])
    """
    cut: list[list[int]] = []
    used = 0
    for index, size in enumerate(sizes):
        if cut and used + gap + size <= width:
            cut[-1].append(index)
            used += gap + size
        else:
            cut.append([index])
            used = size
    return cut


def side_by_side(blocks: list[list[str]], width: int, gap: int = 3) -> list[str]:
    """Blocks of lines set next to each other, in order, as many to a row as fit in ``width``:
    the hands take fewer rows, so that the title stays on a 24-row screen.

    >>> side_by_side([["you: 1 tile", "[6|5]"], ["Ann: 7 tiles, face down"]], 80)
    ['you: 1 tile   Ann: 7 tiles, face down', '[6|5]']
    >>> side_by_side([["you: 1 tile", "[6|5]"], ["Ann: 7 tiles, face down"]], 30)
    ['you: 1 tile', '[6|5]', 'Ann: 7 tiles, face down']
    """
    sizes = [max((len(line) for line in block), default=0) for block in blocks]
    lines: list[str] = []
    for strip in strips(sizes, width, gap):
        row = [blocks[index] for index in strip]
        for index in range(max(len(block) for block in row)):
            parts = [
                (block[index] if index < len(block) else "").ljust(sizes[number])
                for block, number in zip(row, strip, strict=True)
            ]
            lines.append((" " * gap).join(parts).rstrip())
    return lines


def squeeze(lines: list[str], rows: int) -> list[str]:
    """The lines without their blank separators when they would not fit in ``rows``: the title
    must stay on screen.

    >>> squeeze(["Title", "", "question"], 2), squeeze(["Title", "", "question"], 3)
    (['Title', 'question'], ['Title', '', 'question'])
    """
    return [line for line in lines if line.strip()] if len(lines) > rows else lines
