"""Run inside a network namespace by test_web_browser.py: Chromium logs in to the page from a non-loopback address.

argv: URL PASSWORD SCREENSHOT. Prints JSON: what the browser saw. Chromium and
its driver run inside the namespace, so every request the page makes comes
from the namespace's address.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browser_support import phone_browser  # noqa: E402


def main() -> None:
    url, password, screenshot = sys.argv[1], sys.argv[2], sys.argv[3]
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as EC
    from selenium.webdriver.support.ui import WebDriverWait

    driver = phone_browser()
    out: dict[str, object] = {}
    try:
        driver.get(url + "/")
        wait = WebDriverWait(driver, 60)
        wait.until(EC.presence_of_element_located((By.ID, "password")))
        out["redirected_to"] = driver.current_url
        driver.find_element(By.ID, "password").send_keys("not the password")
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        wait.until(lambda d: d.find_element(By.ID, "error").text)
        out["wrong_password_says"] = driver.find_element(By.ID, "error").text
        box = driver.find_element(By.ID, "password")
        box.clear()
        box.send_keys(password)
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        wait.until(lambda d: "dot ok" in d.find_element(By.ID, "link").get_attribute("class"))
        out["page"] = driver.current_url
        out["logout_visible"] = driver.find_element(By.ID, "logout").is_displayed()
        driver.find_element(By.CSS_SELECTOR, '#framing button[data-mode="right"]').click()
        wait.until(lambda d: "on" in d.find_element(By.CSS_SELECTOR, '#framing button[data-mode="right"]').get_attribute("class"))
        out["framing_button_on"] = True
        cookies = driver.get_cookies()
        out["cookie_http_only"] = [c.get("httpOnly") for c in cookies if c["name"] == "swivel_session"]
        out["cookie_visible_to_script"] = driver.execute_script("return document.cookie")
        time.sleep(0.2)
        driver.save_screenshot(screenshot)
    finally:
        driver.quit()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
