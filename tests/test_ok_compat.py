"""The course's own client, ok, runs our case files: a workspace is an ok project too."""

import os
import re
import shutil
import subprocess

from grader import workspace


def run_ok(ok_command, ws, *args):
    env = {**os.environ, "HOME": str(ws.parent), "http_proxy": "http://127.0.0.1:9",
           "https_proxy": "http://127.0.0.1:9"}
    return subprocess.run([str(ok_command), "--local", "--config", "hog.ok", *args], cwd=ws,
                          env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=300)


def total(output):
    match = re.search(r"Total: ([\d.]+)", output)
    assert match, output
    return float(match.group(1))


def test_ok_scores_the_reference_22_and_the_template_0(tmp_path, fa19, ok_command):
    ws = workspace.init(fa19, tmp_path / "hog")
    assert total(run_ok(ok_command, ws, "--score").stdout) == 0
    shutil.copy(fa19.reference / "hog.py", ws / "hog.py")
    assert total(run_ok(ok_command, ws, "--score").stdout) == 22


def test_ok_runs_one_question_and_reports_our_failure(tmp_path, fa19, ok_command):
    ws = workspace.init(fa19, tmp_path / "hog", transform=workspace.unlocked)
    result = run_ok(ok_command, ws, "-q", "02")
    assert "free_bacon(35)" in result.stdout
    assert re.search(r"# Error: expected\n#\s+7\n# but got", result.stdout), result.stdout
