#!/usr/bin/env python3
"""shellcheck on every `run:` step of action.yml (as the runner's `shell: bash` runs it, with
each `${{ }}` expression replaced by a plain word) and on the shell scripts given.

    python scripts/lint-action.py SHELLCHECK scripts/*.sh .ci/run

A step whose `shell` is not bash, or that runs no script, fails the check: the Action only
uses bash so that one linter covers it.
"""

import os
import re
import subprocess
import sys
import tempfile

import yaml

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    shellcheck, scripts = sys.argv[1], sys.argv[2:]
    action = yaml.safe_load(open(os.path.join(REPO, "action.yml")))
    with tempfile.TemporaryDirectory() as tmp:
        steps = []
        for n, step in enumerate(action["runs"]["steps"]):
            if "uses" in step:
                continue
            if step.get("shell") != "bash" or not step.get("run"):
                sys.exit(f"FAIL: action.yml step {n} is not a bash `run:` step")
            path = os.path.join(tmp, f"action.yml-step-{step.get('id', n)}.sh")
            body = re.sub(r"\$\{\{.*?\}\}", "EXPRESSION", step["run"])
            open(path, "w").write("#!/usr/bin/env bash\nset -eo pipefail\n" + body)
            steps.append(path)
        proc = subprocess.run([shellcheck, "--severity=warning", "--external-sources", *steps, *scripts], cwd=REPO)
        if proc.returncode != 0:
            sys.exit(f"FAIL: shellcheck found problems in the Action's steps or scripts (exit {proc.returncode})")
    print(f"ok: shellcheck clean on {len(steps)} action.yml steps and {len(scripts)} scripts")


if __name__ == "__main__":
    main()
