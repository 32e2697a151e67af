#!/usr/bin/env python3
"""Checks that no link in the repository's Markdown leaves the repository (CI runs it).

    scripts/check-links.py

- Markdown outside a DocC catalogue (README.md, results/, traces/, Examples/, Benchmarks/…): every
  relative link or image must name a file or folder inside the repository; http(s) and mailto links
  are left alone; an absolute path, or a path that climbs above the repository's root, is refused.
  A `<doc:Name>` link (the results files use them) must name an article of the catalogue.
- Markdown inside a catalogue (`*.docc/`): DocC checks `<doc:…>` and symbol links itself (a broken
  one is a warning, and CI fails on warnings), so a Markdown link there may only be http(s), or an
  image in the catalogue; files of the repository are named in code voice instead.
- No tracked text file mentions `../shared`, a folder a clone does not have.
Prints one line per problem, `FILE:LINE: …`, and exits 1 if there is any. Python's standard library only.
"""

import pathlib
import re
import subprocess
import sys
import urllib.parse

ROOT = pathlib.Path(__file__).resolve().parent.parent
CATALOGUE = ROOT / "Sources/MotionBenchCLI/Documentation.docc"

INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)")
HTML = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")
DOC = re.compile(r"<doc:([A-Za-z0-9_-]+)(?:#[^>]*)?>")
EXTERNAL = ("http://", "https://", "mailto:")


def repository_files(pattern=None):
    """Tracked files, and new ones git does not ignore, relative to the root."""
    command = ["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard"]
    if pattern:
        command.append(pattern)
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return [line for line in out.splitlines() if line and (ROOT / line).exists()]


def prose_lines(text):
    """(line number, line) of the text outside fenced code blocks, with inline code spans blanked."""
    fence = None
    for number, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip()
        if fence:
            if stripped.startswith(fence):
                fence = None
            continue
        if stripped.startswith("```") or stripped.startswith("~~~"):
            fence = stripped[:3]
            continue
        yield number, re.sub(r"(`+)(?:(?!\1).)+?\1", "", line)


def links(line):
    for pattern in (INLINE, REFERENCE, HTML):
        for match in pattern.finditer(line):
            yield match.group(1)


def check_outside(path, problems):
    articles = {p.stem for p in CATALOGUE.glob("*.md")}
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        where = f"{path.relative_to(ROOT)}:{number}"
        for name in DOC.findall(line):
            if name not in articles:
                problems.append(f"{where}: <doc:{name}> names no article in {CATALOGUE.relative_to(ROOT)}")
        for target in links(line):
            if target.startswith(EXTERNAL) or target.startswith("#"):
                continue
            if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target):
                problems.append(f"{where}: '{target}': only http(s) and mailto links may leave the repository")
                continue
            relative = urllib.parse.unquote(target.split("#", 1)[0].split("?", 1)[0])
            if relative.startswith("/"):
                problems.append(f"{where}: '{target}' is an absolute path: link relative to the file")
                continue
            resolved = (path.parent / relative).resolve()
            if resolved != ROOT and ROOT not in resolved.parents:
                problems.append(f"{where}: '{target}' points outside the repository")
            elif not resolved.exists():
                problems.append(f"{where}: '{target}' names nothing in the repository")


def check_catalogue(path, problems):
    resources = {p.name for p in path.parent.rglob("*") if p.is_file()}
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        where = f"{path.relative_to(ROOT)}:{number}"
        for target in links(line):
            if target.startswith(EXTERNAL):
                continue
            if line.lstrip().startswith("![") and (target in resources or target + ".svg" in resources or target + ".png" in resources):
                continue
            problems.append(f"{where}: '{target}': a catalogue page links with <doc:Name> or http(s); name a repository file in code voice")


def main():
    problems = []
    for name in repository_files("*.md"):
        path = ROOT / name
        if ".docc/" in name:
            check_catalogue(path, problems)
        else:
            check_outside(path, problems)
    for name in repository_files():
        path = ROOT / name
        if name == "scripts/check-links.py" or path.stat().st_size > 4_000_000:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            if "../shared" in line:
                problems.append(f"{name}:{number}: mentions ../shared, which a clone does not have")
    for problem in problems:
        print(problem)
    if problems:
        sys.exit(1)


if __name__ == "__main__":
    main()
