"""Debian's Chromium under selenium, for the page tests. Nothing here downloads a browser or a driver.

The browser is /usr/bin/chromium and the driver /usr/bin/chromedriver (apt:
chromium, chromium-driver; scripts/ensure-browser.sh installs them). Selenium
is told both paths, and SE_OFFLINE keeps its Selenium Manager from looking
anything up. A phone-sized window with touch emulation: the layout a maker
sees on a phone.
"""
from __future__ import annotations

import os
import shutil
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
PHONE = {"width": 390, "height": 844, "pixelRatio": 2.0}


def browser_missing() -> str | None:
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            return f"{path} is missing: apt-get install {package} (make test installs it: scripts/ensure-browser.sh)"
    return None


def phone_browser(log_path: str | None = None) -> Any:
    os.environ["SE_OFFLINE"] = "true"
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--disable-extensions", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--disable-default-apps", "--mute-audio", "--hide-scrollbars"):
        options.add_argument(arg)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    service = Service(executable_path=shutil.which(CHROMEDRIVER) or CHROMEDRIVER, log_output=log_path)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(30)
    return driver
