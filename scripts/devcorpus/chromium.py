"""Running Debian's headless Chromium (CHROMIUM in the environment names another binary)."""
import os
import subprocess

CHROMIUM = os.environ.get("CHROMIUM", "chromium")


def chromium(args, timeout=180):
    cmd = [CHROMIUM, "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
           "--force-device-scale-factor=1"] + args
    return subprocess.run(cmd, capture_output=True, timeout=timeout)
