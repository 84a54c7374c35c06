"""The page in a real browser (Debian's Chromium, phone-sized) against the simulated stand.

One rig for the module: swiveld on the simulated board, a fake camera on a
frames socket, swivel-web, and a watcher (an independent host session) that
checks what the stand itself reports. The tests run in order on one page:
the video advances; the tracking switch reaches the stand; with a detector
feeding two people, a tap on one selects that subject of TRACKING_STATE;
holding the jog pad moves the stand and letting go stops it. A last test
logs in from a network namespace. Waits are generous (a loaded 2-core
machine); nothing asserts on speed.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from swivel import Accessory
from swivel.local_daemon import DaemonError, LocalDaemon

from browser_support import browser_missing, phone_browser
from web_support import FRAME_H, FRAME_W, PERSON_A, PERSON_B, SRC, FakeCamera, FakeVision, WebProcess

BOARD = Path(__file__).resolve().parents[2] / "boards" / "sim.json5"
WAIT_S = 60.0
SCREENSHOT = os.environ.get("SWIVEL_WEB_SCREENSHOT")  # docs/web-page.png is made with this set

pytestmark = pytest.mark.skipif(browser_missing() is not None, reason=str(browser_missing()))


class Rig:
    def __init__(self, directory: Path) -> None:
        self.directory = directory
        (directory / "daemon").mkdir(parents=True, exist_ok=True)
        try:
            self.daemon = LocalDaemon.start(BOARD, directory=directory / "daemon")
        except DaemonError as e:
            pytest.fail(str(e), pytrace=False)
        self.camera = FakeCamera(str(directory / "frames.sock"))
        self.web = WebProcess(self.daemon.socket_path, directory / "web", frames=str(directory / "frames.sock"))
        self.watcher = Accessory.connect(self.daemon.socket_path, client_name="test-watcher")
        self.vision: FakeVision | None = None

    def close(self) -> None:
        if self.vision is not None:
            self.vision.close()
        self.watcher.close()
        self.web.stop()
        self.camera.close()
        self.daemon.stop()


@pytest.fixture(scope="module")
def rig(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rig]:
    rig = Rig(tmp_path_factory.mktemp("web-browser"))
    try:
        yield rig
    finally:
        rig.close()


@pytest.fixture(scope="module")
def page(rig: Rig, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    driver = phone_browser(str(tmp_path_factory.mktemp("chromedriver") / "chromedriver.log"))
    try:
        driver.get(rig.web.url + "/")
        yield driver
    finally:
        driver.quit()


def until(what: str, predicate: Any, timeout_s: float = WAIT_S) -> Any:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            value = predicate()
        except Exception:  # noqa: BLE001 - an element not there yet, a stale one: look again
            value = None
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {timeout_s} s")
        time.sleep(0.1)


def _by(driver: Any, css: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.CSS_SELECTOR, css)


def test_the_page_loads_and_the_video_advances(rig: Rig, page: Any) -> None:
    until("the page's link dot turning green", lambda: "dot ok" in _by(page, "#link").get_attribute("class"))
    until("the stand's name in the header", lambda: _by(page, "#name").text == "Swivel Simulated Stand")
    until("a decoded frame", lambda: page.execute_script("return document.getElementById('video').naturalWidth") == FRAME_W)
    until("the no-video notice hidden", lambda: not _by(page, "#novideo").is_displayed())
    # The boxes are drawn over the whole stage: it takes the frame's 4:3 shape, not the 16:9 it starts with.
    until("the video area shaped like the frame", lambda: abs(
        page.execute_script("const s = document.getElementById('stage'); return s.clientWidth / s.clientHeight")
        - FRAME_W / FRAME_H) < 0.02)
    video = _by(page, "#video")
    first = video.screenshot_as_png
    # The fake camera's counter moves each frame: a later screenshot of the same element differs.
    until("the video advancing", lambda: video.screenshot_as_png != first)
    assert rig.camera.server.readers == 1
    assert len(page.find_elements("css selector", "#batteries .battery")) == 2
    # On a phone nothing may stick out sideways: the page is exactly as wide as the screen.
    assert page.execute_script("return document.documentElement.scrollWidth <= window.innerWidth")


def test_the_tracking_switch_reaches_the_stand(rig: Rig, page: Any) -> None:
    switch = _by(page, "#tracking")
    until("the switch showing tracking on", lambda: switch.is_selected())
    switch.click()
    until("the stand reporting tracking off", lambda: (s := rig.watcher.latest_motion_state()) and not s.system_tracking_enabled)
    switch.click()
    until("the stand reporting tracking on", lambda: (s := rig.watcher.latest_motion_state()) and s.system_tracking_enabled)
    switch.click()
    until("the stand reporting tracking off again", lambda: (s := rig.watcher.latest_motion_state()) and not s.system_tracking_enabled)
    assert not switch.is_selected()


def _tap(page: Any, x: float, y: float) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    canvas = _by(page, "#overlay")
    w, h = canvas.size["width"], canvas.size["height"]
    ActionChains(page).move_to_element_with_offset(canvas, int((x - 0.5) * w), int((y - 0.5) * h)).click().perform()


def test_a_tap_on_a_person_selects_that_subject_of_tracking_state(rig: Rig, page: Any) -> None:
    # System tracking on: the stand selects among the vision link's subjects (with it off, among a host's TRACK).
    switch = _by(page, "#tracking")
    if not switch.is_selected():
        switch.click()
    until("the stand reporting tracking on", lambda: (s := rig.watcher.latest_motion_state()) and s.system_tracking_enabled)
    rig.vision = FakeVision(rig.daemon.vision_path)
    with rig.watcher.tracking_states() as states:
        state = until("TRACKING_STATE with both people", lambda: (s := states.get(timeout_s=5.0)) and len(s.subjects) == 2 and s)
    until("the page drawing two boxes", lambda: page.execute_script("return S.state.tracking.subjects.length") == 2)
    tap = (PERSON_B.x + PERSON_B.width / 2, PERSON_B.y + PERSON_B.height / 2)
    # The subject the stand itself reports under the tap: the one the page must select.
    expected = [str(s.identifier) for s in state.subjects
                if s.rect.upper_left.x <= tap[0] <= s.rect.upper_left.x + s.rect.upper_left.width]
    assert len(expected) == 1
    _tap(page, *tap)
    try:
        until("the page following the tapped subject", lambda: page.execute_script("return S.state.selected") == expected)
    except AssertionError as e:
        raise AssertionError(f"{e}; page toast {_by(page, '#toast').text!r}; swivel-web said:\n{rig.web.log()[-3000:]}") from None
    assert rig.web.state()["selected"] == expected
    if SCREENSHOT:
        time.sleep(0.5)
        page.save_screenshot(SCREENSHOT)
    # A tap on nobody: the stand's own refusal, with its reason, on the page.
    _tap(page, 0.5, 0.1)
    until("the refusal on the page", lambda: "NoSubjectFound" in _by(page, "#toast").text)
    assert rig.web.state()["selected"] == expected
    rig.vision.close()
    rig.vision = None
    switch.click()
    until("the stand reporting tracking off", lambda: (s := rig.watcher.latest_motion_state()) and not s.system_tracking_enabled)


def test_holding_the_jog_pad_moves_the_stand_and_letting_go_stops_it(rig: Rig, page: Any) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    start = until("a MOTION_STATE", lambda: rig.watcher.latest_motion_state()).positions_rad.yaw
    right = _by(page, '#jog button.right')
    ActionChains(page).click_and_hold(right).perform()
    try:
        until("the stand turning right while the pad is held",
              lambda: (s := rig.watcher.latest_motion_state()) and s.moving and s.velocities_rad_per_s.yaw > 0.05)
        time.sleep(1.0)
        held = rig.watcher.latest_motion_state()
        assert held is not None and held.moving and held.positions_rad.yaw > start
    finally:
        ActionChains(page).release(right).perform()
    still = 0

    def at_rest() -> bool:
        nonlocal still
        s = rig.watcher.latest_motion_state()
        still = still + 1 if s is not None and not s.moving and abs(s.velocities_rad_per_s.yaw) < 1e-4 else 0
        return still >= 5
    until("the stand stopping after the release", at_rest)
    rest = rig.watcher.latest_motion_state()
    assert rest is not None
    time.sleep(1.0)
    later = rig.watcher.latest_motion_state()
    assert later is not None and abs(later.positions_rad.yaw - rest.positions_rad.yaw) < 1e-3
    until("the page showing the stand still", lambda: page.execute_script("return document.body.dataset.moving") == "0")


def test_a_maker_logs_in_from_another_address(rig: Rig, tmp_path: Path) -> None:
    from test_web_security import PASSWORD, Namespace, _cli, _netns_unavailable

    why = _netns_unavailable()
    if why is not None:
        pytest.skip(why)
    state_dir = tmp_path / "remote-web"
    assert _cli(state_dir, "passwd", "--stdin", stdin=PASSWORD + "\n").returncode == 0
    ns = Namespace()
    web = None
    try:
        web = WebProcess(rig.daemon.socket_path, state_dir, host=ns.host_ip, frames=str(rig.directory / "frames.sock"))
        shot = tmp_path / "remote.png"
        env = {**os.environ, "PYTHONPATH": f"{SRC}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
        done = subprocess.run(
            ["ip", "netns", "exec", ns.name, sys.executable, str(Path(__file__).with_name("web_netns_browser.py")),
             web.url, PASSWORD, str(shot)], capture_output=True, text=True, timeout=240, env=env)
        assert done.returncode == 0, done.stderr[-3000:]
        seen = json.loads(done.stdout.strip().splitlines()[-1])
        assert seen["redirected_to"].endswith("/login")
        assert seen["wrong_password_says"] == "wrong password"
        assert seen["page"] == web.url + "/" and seen["logout_visible"] and seen["framing_button_on"]
        assert seen["cookie_http_only"] == [True] and "swivel_session" not in seen["cookie_visible_to_script"]
        assert f"login from {ns.client_ip}" in web.log()
        # A second host session of the stand: its framing changed by the remote page, the rig's is its own.
        assert shot.stat().st_size > 10_000
    finally:
        if web is not None:
            web.stop()
        ns.close()




def test_the_fault_banner_shows_the_reason_and_clear_clears_it(page: Any, tmp_path: Path) -> None:
    # A simulated stand that faults on its first move (a following-error threshold nothing meets).
    board = tmp_path / "touchy.json5"
    board.write_text(BOARD.read_text().replace("maxFollowingErrorRad: 0.08", "maxFollowingErrorRad: 0.001"))
    (tmp_path / "daemon").mkdir()
    with LocalDaemon.start(board, directory=tmp_path / "daemon") as daemon:
        web = WebProcess(daemon.socket_path, tmp_path / "web")
        try:
            page.get(web.url + "/")
            until("the page docked", lambda: "dot ok" in _by(page, "#link").get_attribute("class"))
            assert not _by(page, "#fault").is_displayed()
            assert web.post("/api/tracking", {"enabled": False})[0] == 200
            assert web.post("/api/jog", {"yaw": 2.0, "hold_s": 1.0})[0] == 200
            banner = until("the fault banner", lambda: _by(page, "#fault").is_displayed() and _by(page, "#fault-text").text)
            assert "fault" in banner.lower() and "released" in banner
            # CLEAR is answered busy while the axes are still stopping: press until the banner goes.
            def cleared() -> bool:
                if _by(page, "#fault").is_displayed():
                    _by(page, "#clear-fault").click()
                    time.sleep(0.5)
                return not _by(page, "#fault").is_displayed()
            until("CLEAR taking the banner away", cleared)
            assert web.state()["fault"] == "none"
        finally:
            web.stop()
