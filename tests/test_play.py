"""`grade play`: the browser game, driven in headless Chromium by Playwright.

The page runs the workspace's own `play` in a child process; these tests play it as a
student would (keyboard and clicks on a phone-sized window) and read what the page
shows. Nothing is downloaded: Playwright drives Debian's /usr/bin/chromium.
"""

import json
import os
import random
import re
import shutil
import signal
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pexpect
import pytest

from grader import assignment as assignments
from grader.hog import family
from grader import workspace
from grader.hog.play.server import PlayServer

CHROMIUM = "/usr/bin/chromium"
if not os.path.exists(CHROMIUM):
    pytest.skip("chromium is not installed (apt-get install chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")

FA19 = assignments.load("fa19")
REFERENCE = (FA19.reference / "hog.py").read_text()
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ENDED = "body[data-phase=waiting], body[data-phase=over], body[data-phase=error]"


@pytest.fixture(scope="module")
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


def make_workspace(tmp_path: Path, source: str) -> Path:
    ws = workspace.init(FA19, tmp_path / "ws")
    (ws / "hog.py").write_text(source)
    return ws


def with_override(code: str) -> str:
    return REFERENCE + "\n\n" + code


class Served:
    def __init__(self, ws: Path, final: bool, stuck_seconds: float = 10.0, assignment=FA19):
        self.server = PlayServer(ws, assignment.module, assignment.rules(), final=final,
                                 stuck_seconds=stuck_seconds)
        self.server.start_game()
        self.thread = threading.Thread(target=self.server.serve, daemon=True)
        self.thread.start()

    @property
    def url(self):
        return self.server.url

    def close(self):
        self.server.close()


@pytest.fixture
def serve():
    started = []

    def start(ws, final=False, **options):
        served = Served(ws, final, **options)
        started.append(served)
        return served
    yield start
    for served in started:
        served.close()


def open_page(browser, url):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(url)
    return page


def settle(page, timeout=20000):
    """Wait until the game asks, ends or fails; return the phase."""
    page.wait_for_selector(ENDED, timeout=timeout)
    return page.get_attribute("body", "data-phase")


def answer(page, dice: int):
    """Type DICE on the keyboard and press Enter, as the page's hint says."""
    version = page.get_attribute("body", "data-version")
    for key in str(dice):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    page.wait_for_selector(f'body:not([data-version="{version}"])', timeout=20000)


def play_to_the_end(page, choose=lambda turn: 4, limit=300):
    for turn in range(limit):
        phase = settle(page)
        if phase != "waiting":
            return phase
        answer(page, choose(turn))
    raise AssertionError("the game did not end")


def turns(page):
    return page.locator("#log li")


def test_a_full_game_against_always_roll_4_to_the_end(browser, serve, tmp_path):
    ws = make_workspace(tmp_path, with_override(
        "def final_strategy(score, opponent_score):\n    return 4\n"))
    page = open_page(browser, serve(ws, final=True).url)
    assert play_to_the_end(page, choose=lambda turn: 10 if turn % 3 == 0 else turn % 10) == "over"
    scores = [int(page.inner_text(f"#score{who}")) for who in (0, 1)]
    assert max(scores) >= 100
    assert re.match(r"Player [01] wins, \(\d+, \d+\)", page.inner_text("#over-text"))
    log = [item.inner_text() for item in turns(page).all()]
    computer = [line for line in log if line.startswith("final_strategy")]
    assert computer and all(" rolled 4 dice at " in line for line in computer)
    assert page.locator("[data-flagged=true]").count() == 0, "the reference is never flagged"
    assert page.locator("#log svg[data-outcome]").count() > 0, "dice are drawn"
    text = page.inner_text("#log")
    assert "Pig Out" in text or "Free Bacon" in text
    assert "point(s)! That's the biggest gain yet for Player" in text, "commentary is shown"


def test_a_game_against_the_reference_final_strategy(browser, serve, tmp_path):
    ws = make_workspace(tmp_path, REFERENCE)
    page = open_page(browser, serve(ws, final=True).url)
    assert play_to_the_end(page, choose=lambda turn: 0) == "over"
    assert page.locator("[data-flagged=true]").count() == 0
    assert "Free Bacon" in page.inner_text("#log")


def test_a_turn_where_the_student_game_breaks_the_rules_is_flagged(browser, serve, tmp_path):
    ws = make_workspace(tmp_path, with_override(
        "def free_bacon(score):\n    return 1\n"))  # Free Bacon scores 1, whatever the score
    page = open_page(browser, serve(ws).url)
    assert settle(page) == "waiting"
    answer(page, 0)
    settle(page)
    flagged = page.locator("[data-flagged=true]")
    assert flagged.count() == 1
    # 10 points of Free Bacon at (0, 0) give (10, 0), whose digit products (0 and 0) swap
    assert re.search(r"your game has \(1, 0\); the rules give \(0, 10\)", flagged.inner_text())
    assert "Free Bacon" in flagged.inner_text() and "Swine Swap" in flagged.inner_text()


BROKEN = {
    "raises": ("def play(strategy0, strategy1, **options):\n"
               "    strategy0(0, 0)\n"
               "    return 1 / 0\n",
               r"your code raised an error:[\s\S]*ZeroDivisionError"),
    "loops": ("def play(strategy0, strategy1, **options):\n"
              "    strategy0(0, 0)\n"
              "    while True:\n"
              "        pass\n",
              r"without asking for dice, rolling or commenting: an infinite loop"),
    "asks twice": ("def play(strategy0, strategy1, **options):\n"
                   "    while True:\n"
                   "        strategy0(0, 0)\n",
                   r"called strategy0 twice in one turn"),
    "exits": ("def play(strategy0, strategy1, **options):\n"
              "    strategy0(0, 0)\n"
              "    import os\n"
              "    os._exit(3)\n",
              r"ended without finishing the game"),
}


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_broken_play_shows_its_error_and_a_new_game_can_start(browser, serve, tmp_path, kind):
    code, message = BROKEN[kind]
    ws = make_workspace(tmp_path, with_override(code))
    page = open_page(browser, serve(ws, stuck_seconds=2).url)
    assert settle(page) == "waiting"
    answer(page, 3)
    assert settle(page, timeout=30000) == "error"
    assert re.search(message, page.inner_text("#error-text"))
    assert page.is_visible("#error .new-game")
    generation = page.get_attribute("body", "data-generation")
    page.click("#error .new-game")
    page.wait_for_selector(f'body:not([data-generation="{generation}"])')
    assert settle(page) == "waiting", "the server survived and started a new game"
    assert page.inner_text("#log").count("rolled") == 0


def test_two_tabs_show_one_game_and_a_stale_answer_is_refused(browser, serve, tmp_path):
    ws = make_workspace(tmp_path, REFERENCE)
    served = serve(ws)
    first, second = open_page(browser, served.url), open_page(browser, served.url)
    assert settle(first) == settle(second) == "waiting"
    first.keyboard.press("2")  # chosen in the first tab, never sent
    answer(second, 5)
    second.wait_for_selector("#log li[data-turn='2']")
    first.wait_for_selector("#log li[data-turn='2']")
    first.keyboard.press("Enter")  # the choice was for a question the other tab answered
    time.sleep(0.5)
    state = json.loads(urllib.request.urlopen(served.url + "state").read())
    assert [t["dice"] for t in state["turns"]] == [5, -1], "the stale choice was not sent"
    stale = urllib.request.Request(served.url + "move", method="POST",
                                   data=json.dumps({"generation": state["generation"],
                                                    "question": 1, "dice": 7}).encode())
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(stale)
    assert refused.value.code == 409
    answer(first, 1)
    for page in (first, second):
        page.wait_for_selector("#log li[data-turn='3']")
        assert page.inner_text("#log li[data-turn='2']").startswith("Player 1 rolled 1 die")


def _http(url, data=None):
    request = urllib.request.Request(url, method="POST" if data is not None else "GET",
                                     data=None if data is None else json.dumps(data).encode())
    return json.loads(urllib.request.urlopen(request).read())


@pytest.mark.parametrize("final", [False, True], ids=["two humans", "against final"])
@pytest.mark.parametrize("edition", family.editions())
def test_every_edition_reference_plays_a_whole_game_unflagged(serve, tmp_path, edition, final):
    """The edition's own rules referee its own reference: no turn is flagged, and the
    rules that fire are named in the edition's words."""
    assignment = assignments.load(edition)
    ws = workspace.init(assignment, tmp_path / "ws")
    shutil.copy(assignment.reference / assignment.source, ws / assignment.source)
    served = serve(ws, final=final, assignment=assignment)
    rng, version, generation = random.Random(edition), -1, -1
    for _ in range(400):
        state = _http(served.url + f"state?since={version}&generation={generation}")
        version, generation = state["version"], state["generation"]
        if state["phase"] == "waiting":
            _http(served.url + "move", {"generation": generation, "dice": rng.randint(0, 10),
                                        "question": state["asking"]["question"]})
        elif state["phase"] in ("over", "error"):
            break
    assert state["phase"] == "over", state["error"]
    assert max(state["scores"]) >= assignment.rules().GOAL
    assert [t["problems"] for t in state["turns"] if t["problems"]] == []
    named = set(assignment.rules().NAMES.values())
    assert {name for t in state["turns"] for name in t["fired"]} <= named
    assert any(t["fired"] for t in state["turns"])


def test_the_game_answers_only_under_its_token(serve, tmp_path):
    ws = make_workspace(tmp_path, REFERENCE)
    served = serve(ws)
    host, port = served.server.httpd.server_address[:2]
    assert host == "127.0.0.1"
    for path in ("/", "/state", "/wrong-token/", "/wrong-token/state"):
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://{host}:{port}{path}")
        assert missing.value.code == 404
    assert urllib.request.urlopen(served.url).status == 200


def _driver_processes():
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if b"grader/hog/play/driver.py" in command:
            found.append(int(entry.name))
    return found


def test_grade_play_prints_its_address_and_stops_cleanly_on_ctrl_c(tmp_path):
    ws = make_workspace(tmp_path, with_override(
        "def final_strategy(score, opponent_score):\n"
        "    while True:\n"
        "        pass\n"))
    before = set(_driver_processes())
    child = pexpect.spawn(sys.executable, ["-m", "grader.cli", "play", "--final", "--no-browser"],
                          cwd=str(ws), encoding="utf-8", timeout=30)
    child.expect(r"Open (http://127\.0\.0\.1:\d+/\S+/) in a browser")
    url = child.match.group(1)
    assert urllib.request.urlopen(url).status == 200
    assert set(_driver_processes()) - before, "the game runs in a child process"
    child.kill(signal.SIGINT)
    child.expect("Stopped.")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    deadline = time.monotonic() + 5
    while set(_driver_processes()) - before and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not set(_driver_processes()) - before, "no student code outlives grade play"


def test_grade_play_outside_a_workspace_is_a_usage_error(tmp_path):
    done = pexpect.run(f"{sys.executable} -m grader.cli play --no-browser", cwd=str(tmp_path),
                       withexitstatus=True, encoding="utf-8", timeout=30)
    output, status = done
    assert status == 2 and "no tests/ folder" in output and "Traceback" not in output


def test_a_strategy_asked_twice_adds_no_turn_and_flags_no_rule(browser, serve, tmp_path):
    """The classic slip (`strategy0` called once for the dice and again inside the turn)
    stops the game at the second call; the turn it interrupted was never played, so the
    log shows the choice alone: no dice, no scores after it, no warnings about rules."""
    ws = make_workspace(tmp_path, with_override(
        "_play = play\n"
        "def play(strategy0, strategy1, score0=0, score1=0, **options):\n"
        "    num_rolls = strategy0(score0, score1)\n"
        "    return _play(lambda *scores: strategy0(*scores), strategy1, score0, score1,\n"
        "                 **options)\n"))
    page = open_page(browser, serve(ws).url)
    assert settle(page) == "waiting"
    assert turns(page).first.inner_text() == "Player 0 is choosing…"
    answer(page, 3)
    assert settle(page) == "error"
    assert "called strategy0 twice in one turn" in page.inner_text("#error-text")
    assert turns(page).count() == 1
    assert turns(page).first.inner_text() == "Player 0 chose 3 dice at (0, 0)"
    assert page.locator("[data-flagged=true]").count() == 0


def test_printed_output_folds_and_stays_open_once_opened(browser, serve, tmp_path):
    """sp13's play prints a drawing of every die: each turn's printout is folded (the
    log stays readable), opens on a click, and stays open while the game goes on."""
    sp13 = assignments.load("sp13")
    ws = workspace.init(sp13, tmp_path / "ws")
    shutil.copy(sp13.reference / sp13.source, ws / sp13.source)
    page = open_page(browser, serve(ws, assignment=sp13).url)
    assert settle(page) == "waiting"
    answer(page, 5)
    assert settle(page) == "waiting"
    first = page.locator("#log li[data-turn='1']")
    fold = first.locator("details.printed")
    assert re.fullmatch(r"Printed output \(\d+ lines\)", fold.locator("summary").inner_text())
    assert not fold.locator("pre").is_visible(), "folded by default"
    assert first.bounding_box()["height"] < 200
    fold.locator("summary").click()
    assert "rolled a" in fold.locator("pre").inner_text()
    answer(page, 2)
    settle(page)
    page.wait_for_selector("#log li[data-turn='3']")
    assert page.locator("#log li[data-turn='1'] details.printed pre").is_visible(), \
        "a fold the student opened stays open as new turns arrive"
    assert not page.locator("#log li[data-turn='2'] details.printed pre").is_visible()


def test_an_error_shows_the_students_frames_without_importlib(serve, tmp_path):
    """play imports a helper module of the student's through importlib, which raises:
    the page's traceback runs through the student's files only, never through
    "<frozen importlib._bootstrap>" (whose relative name sits "inside" the workspace)."""
    ws = make_workspace(tmp_path, with_override(
        "def play(strategy0, strategy1, **options):\n"
        "    import importlib\n"
        "    return importlib.import_module('helper')\n"))
    (ws / "helper.py").write_text("x = 1\nraise ValueError('helper is broken')\n")
    served = serve(ws)
    state, version = {}, -1
    for _ in range(50):
        state = _http(served.url + f"state?since={version}&generation=1")
        version = state["version"]
        if state["phase"] in ("over", "error"):
            break
    assert state["phase"] == "error"
    assert 'helper.py", line 2, in <module>' in state["error"]
    assert "ValueError: helper is broken" in state["error"]
    assert "frozen" not in state["error"] and "_bootstrap" not in state["error"]
