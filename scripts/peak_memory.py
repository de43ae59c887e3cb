#!/usr/bin/env python3
"""Runs a command and writes its exit status and peak resident memory to a file.

Usage: peak_memory.py RESULT CPU_SECONDS PROGRAM [ARGUMENT...]

Why a go-between: Linux counts, in a child's peak memory, the memory of the process it was
started from (exec records the old address space's high-water mark). A test runner that has
grown to hundreds of megabytes would pass that figure on to every command it measures. This
small process forks the command itself, so the peak that wait4 reports is the command's own.

The command runs with standard input, output and error as given, and a CPU-time limit: one that
runs away is ended by SIGXCPU rather than holding the test suite. RESULT receives one line,
"STATUS PEAK_KILOBYTES", where STATUS is the exit status or 128 + the signal that ended it.
"""
import os
import resource
import sys


def main() -> None:
    result, cpu_seconds, program, *arguments = sys.argv[1:]
    pid = os.fork()
    if pid == 0:
        limit = int(cpu_seconds)
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 5))
        try:
            os.execv(program, [program, *arguments])
        finally:
            os._exit(127)
    while True:
        try:
            _, status, usage = os.wait4(pid, 0)
            break
        except InterruptedError:
            continue
    code = os.waitstatus_to_exitcode(status)
    code = code if code >= 0 else 128 - code
    with open(result, "w") as out:
        out.write(f"{code} {usage.ru_maxrss}\n")


if __name__ == "__main__":
    main()
