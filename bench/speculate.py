#!/usr/bin/env python3
"""How long a user waits in the REPL with speculation on and off, and how fast Ctrl-C is.

1. A scripted session on images/ (the brief's sequence: blur, 25%, 75%, original, binarize,
   75%, next, over several images), with READING seconds of reading time before each command,
   run with --speculate and with --no-speculate from the same seed (so the same images come).
   The wait for a command is the time from writing its line to reading its JSON report.
   Prints the median wait for the predicted commands and the ratio of the medians over all
   commands, speculation on ÷ off.
2. Commands that are not predicted (another filter, a chain, a slider) with the same reading
   time, on and off: the ratio shows what speculation costs a command it did not guess.
3. Ctrl-C on the 12-megapixel photo at a terminal (a pseudo-terminal), TRIES times, at delays
   spread over the recognition (during layout analysis too): the time from SIGINT to the
   prompt, median and worst; then five times 0.1 s into a 2x scale, while the filter runs,
   beside the time that filter takes (what a Ctrl-C used to wait for).

usage: bench/speculate.py [path/to/filterocr]   (READING=2 IMAGES=4 TRIES=10 in the environment)
"""
import json, os, pty, select, signal, statistics, subprocess, sys, time

BIN = sys.argv[1] if len(sys.argv) > 1 else ".build/release/filterocr"
READING = float(os.environ.get("READING", "2"))
IMAGES = int(os.environ.get("IMAGES", "6"))
TRIES = int(os.environ.get("TRIES", "10"))
SEED = "7"
BRIEF = ["blur", "25%", "75%", "original", "binarize", "75%", "next"]
UNPREDICTED = ["sauvola", "then median", "slider 60%", "greyscale", "then otsu", "slider 150%", "contrast"]


def peak_megabytes(pid):
    with open(f"/proc/{pid}/status") as status:
        line = next(line for line in status if line.startswith("VmHWM:"))
    return int(line.split()[1]) / 1024


def session(flag, commands, start_image=None):
    """The first report, the waits in milliseconds and the reports, one per command, and the
    peak memory in megabytes."""
    arguments = [BIN, "repl", "--json", "--no-feed", "--seed", SEED, "--images", "images", flag]
    if start_image:
        arguments += ["--image", start_image]
    process = subprocess.Popen(arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True, bufsize=1)
    first = json.loads(process.stdout.readline())
    waits, reports = [], []
    for command in commands:
        time.sleep(READING)  # the user reads the last report
        start = time.perf_counter()
        process.stdin.write(command + "\n")
        process.stdin.flush()
        report = json.loads(process.stdout.readline())
        waits.append((time.perf_counter() - start) * 1000)
        reports.append(report)
    peak = peak_megabytes(process.pid)
    process.stdin.close()
    process.wait()
    return first, waits, reports, peak


def predicted_sessions():
    commands = BRIEF * IMAGES
    first, on, reports, peak_on = session("--speculate", commands)
    _, off, plain, peak_off = session("--no-speculate", commands)
    for a, b in zip(reports, plain):
        assert a.get("text") == b.get("text") and a.get("script") == b.get("script"), "speculation changed a report"
    print(f"Brief's sequence over {IMAGES} images from {first['image']}, {READING:g} s of reading before each command")
    print(f"{'command':<10} {'image':<26} {'on ms':>8} {'off ms':>8}  prepared")
    for command, report, a, b in zip(commands, reports, on, off):
        print(f"{command:<10} {os.path.basename(report.get('image', '')):<26} {a:8.1f} {b:8.1f}  {report.get('prepared', False)}")
    prepared = [a for a, r in zip(on, reports) if r.get("prepared")]
    print(f"prepared: {len(prepared)} of {len(commands)} commands")
    print(f"median wait, predicted commands, speculation on: {statistics.median(on):.1f} ms "
          f"(off: {statistics.median(off):.1f} ms)")
    print(f"median over all commands, on ÷ off: {statistics.median(on) / statistics.median(off):.3f}")
    print(f"total wait, on ÷ off: {sum(on) / sum(off):.3f} ({sum(on) / 1000:.1f} s against {sum(off) / 1000:.1f} s)")
    print(f"peak memory: {peak_on:.0f} MB on, {peak_off:.0f} MB off")


def unpredicted_sessions():
    image = "images/book_page.png"
    _, on, _, _ = session("--speculate", UNPREDICTED, image)
    _, off, _, _ = session("--no-speculate", UNPREDICTED, image)
    print(f"\nCommands speculation does not guess, from {image}:")
    for command, a, b in zip(UNPREDICTED, on, off):
        print(f"  {command:<12} on {a:8.1f} ms  off {b:8.1f} ms  on ÷ off {a / b:.2f}")
    print(f"median on ÷ off: {statistics.median(a / b for a, b in zip(on, off)):.3f}; "
          f"total on ÷ off: {sum(on) / sum(off):.3f}")


def cancel_at_terminal(commands, delays, during):
    """Ctrl-C into each of `commands` (in turn) after each of `delays` seconds; the times from
    SIGINT to the prompt."""
    image = "images/document_photo_12mp.jpg"
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(BIN, [BIN, "repl", "--no-feed", "--no-speculate", "--image", image])
    output = bytearray()

    def read_until(predicate, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.005)
            if ready:
                output.extend(os.read(fd, 65536))
                if predicate(bytes(output)):
                    return True
        raise SystemExit("the REPL did not answer: " + bytes(output[-400:]).decode(errors="replace"))

    read_until(lambda b: b.endswith(b"> "))
    times = []
    for attempt, delay in enumerate(delays):
        output.clear()
        os.write(fd, commands[attempt % len(commands)].encode() + b"\n")
        time.sleep(delay)
        start = time.perf_counter()
        os.kill(pid, signal.SIGINT)
        read_until(lambda b: b"cancelled" in b and b.endswith(b"> "))
        times.append((time.perf_counter() - start) * 1000)
        # Back to where the next try starts; the engine finishes the cancelled page meanwhile.
        output.clear()
        os.write(fd, b"original\n")
        read_until(lambda b: b.endswith(b"original> "))
    os.write(fd, b"quit\n")
    os.waitpid(pid, 0)
    print(f"\nCtrl-C on {image}, {len(delays)} tries {during}: "
          f"SIGINT to prompt median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms")


def filter_seconds(operation):
    """How long `operation` filters the 12 MP photo: what a Ctrl-C during it waited before."""
    result = subprocess.run([BIN, "ocr", "--json", "--no-feed", "--ops", operation, "images/document_photo_12mp.jpg"],
                            capture_output=True, text=True, check=True)
    return json.loads(result.stdout)["timings"]["filter"] / 1000


if __name__ == "__main__":
    predicted_sessions()
    unpredicted_sessions()
    # Spread over the recognition, from layout analysis (which Tesseract cannot stop) to the words.
    cancel_at_terminal(["sauvola", "then median"], [0.1 + 1.5 * attempt / max(1, TRIES - 1) for attempt in range(TRIES)],
                       "at 0.1-1.6 s into the recognition")
    # During the filters: a 2x scale of 12 MP, Ctrl-C 0.1 s in.
    cancel_at_terminal(["scale"], [0.1] * 5, "0.1 s into a scale")
    print(f"the scale alone filters for {filter_seconds('scale') * 1000:.0f} ms, which a Ctrl-C used to wait out")
