"""ok's encrypted files: a course hands out tests locked with a key and gives the key when
it releases them (`python3 ok --decrypt KEY`). Until then ok counts such a test as one
point, failed; grade counts it so too, says why and how to open it, and `grade --decrypt
KEY` opens it as ok does. The files here are encrypted by the real ok client."""

from __future__ import annotations

import json
import subprocess

from conftest import run_grade
from okcourse import BANKS, copy_bank, parse_breakdown, run_ok


def encrypt_with_ok(ok_command, *paths) -> str:
    """Encrypt PATHS in place with ok's own code and a new key of its making; the key."""
    script = ("import sys\n"
              "from client.utils import encryption\n"
              "key = encryption.generate_key()\n"
              "for path in sys.argv[1:]:\n"
              "    data = open(path).read()\n"
              "    with open(path, 'w') as handle:\n"
              "        handle.write(encryption.encrypt(data, key))\n"
              "print(key)\n")
    done = subprocess.run([str(ok_command.parent / "python"), "-c", script, *map(str, paths)],
                          capture_output=True, text=True, check=True, timeout=60)
    return done.stdout.strip()


def points(folder) -> dict:
    done = run_grade("--score", "--json", "-", cwd=folder)
    return {name: (q["score"], q["max_score"])
            for name, q in json.loads(done.stdout)["questions"].items()}


def test_an_encrypted_test_counts_as_ok_counts_it_until_decrypted(tmp_path, ok_command):
    folder = copy_bank("hw02", tmp_path)
    case_file = folder / "tests" / "compose_repeat.py"
    key = encrypt_with_ok(ok_command, case_file)
    other = encrypt_with_ok(ok_command, tmp_path / "spare.txt") if (
        tmp_path / "spare.txt").write_text("x") else ""
    # ok asks for a key at a terminal; given none, the test scores 0 of 1
    ok = parse_breakdown(run_ok(ok_command, folder, "--score", input="\n" * 8).stdout)
    assert ok["compose_repeat"] == (0.0, 1.0)
    assert points(folder) == {name: ok[name] for name in points(folder)}
    shown = run_grade("-q", "compose_repeat", cwd=folder)
    assert shown.returncode == 1
    assert "tests/compose_repeat.py is encrypted" in shown.stdout
    assert "grade --decrypt KEY" in shown.stdout
    unlock = run_grade("-u", "-q", "compose_repeat", cwd=folder, input="")  # hunt30 F6
    assert "tests/compose_repeat.py is encrypted" in unlock.stdout, unlock.stdout
    assert unlock.returncode == 1 and "Nothing to unlock" not in unlock.stdout

    wrong = run_grade("--decrypt", other, cwd=folder)
    assert wrong.returncode == 1 and "no key given opens tests/compose_repeat.py" in wrong.stderr
    assert "Traceback" not in wrong.stderr

    opened = run_grade("--decrypt", f"the key is {key}.", cwd=folder)  # pasted with words
    assert opened.returncode == 0, opened.stderr
    assert "decrypted tests/compose_repeat.py" in opened.stdout
    assert case_file.read_text() == (BANKS / "hw02" / "tests" / "compose_repeat.py").read_text()
    assert points(folder)["compose_repeat"] == (2.0, 2.0)
    again = run_grade("--decrypt", key, cwd=folder)
    assert again.returncode == 0 and "No file here is encrypted." in again.stdout


def test_an_encrypted_source_file_fails_its_tests_saying_so(tmp_path, ok_command):
    folder = copy_bank("hw02", tmp_path)
    key = encrypt_with_ok(ok_command, folder / "hw02.py")
    done = run_grade("-q", "product", cwd=folder)
    assert done.returncode == 1
    assert "hw02.py is encrypted" in done.stdout and "Traceback" not in done.stdout + done.stderr
    assert run_grade("--decrypt", key, cwd=folder).returncode == 0
    assert run_grade("-q", "product", cwd=folder).returncode == 0


def test_a_damaged_encrypted_file_is_named_and_left_as_it_is(tmp_path, ok_command):
    folder = copy_bank("hw02", tmp_path)
    key = encrypt_with_ok(ok_command, folder / "tests" / "tally_more.py")
    broken = folder / "tests" / "tally_more.py"
    text = broken.read_text()
    broken.write_text(text[:len(text) // 2])  # cut short in a download
    done = run_grade("--decrypt", key, cwd=folder)
    assert done.returncode == 1
    assert "tests/tally_more.py cannot be decrypted: a damaged encrypted file" in done.stderr
    assert broken.read_text() == text[:len(text) // 2]
