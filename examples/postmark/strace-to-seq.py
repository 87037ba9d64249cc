#!/usr/bin/env python3
"""Converts `strace -f` output of a real Postmark run into iopath's `postmark-seq v1` format.

Usage (see README.md beside this script for the whole capture procedure):

    strace -f -s 4096 -e trace=openat,read,write,lseek,close,unlink,mkdir,rmdir \
        -o run.strace postmark /abs/path/config.pmrc
    python3 strace-to-seq.py run.strace > run.seq

Only calls on relative paths (Postmark's files, built relative to its working directory) and on
the descriptors they returned are kept; the dynamic loader's and the configuration file's calls
use absolute paths and are dropped. Phase lines come from Postmark's own progress messages,
which it writes to standard output (descriptor 1) and flushes before each phase; -s 4096 keeps
the whole of each such write (a `show` before a `run` puts some 500 bytes in front of them).
The converter keeps each file's size and each descriptor's offset itself, because strace shows
neither: an offset is where the call started, a size is the file's size when it was opened.
"""
import re
import sys

CALL = re.compile(r'^(?:\[pid\s+)?(\d+)\]?\s+(\w+)\((.*)\)\s+=\s+(-?\d+)')
PATH_ARG = re.compile(r'^(?:AT_FDCWD,\s*)?"((?:[^"\\]|\\.)*)"')
COUNT_ARG = re.compile(r',\s*(\d+)$')

# Postmark's progress messages in cli_run, in the order it prints them, and the phase each starts.
PHASES = [("Creating subdirectories", "mkdir"), ("Creating files", "create"),
          ("Performing transactions", "transactions"), ("out of files!", "out_of_files"),
          ("Deleting files", "delete"), ("Deleting subdirectories", "rmdir")]


def convert(lines, out):
    out.write("# postmark-seq v1 level=sys\n")
    sizes = {}  # path -> bytes in the file
    fds = {}    # fd -> [path, offset, append]
    for line in lines:
        m = CALL.match(line)
        if not m:
            continue  # signals, exit, resumed/unfinished pieces (Postmark is one process)
        _, call, args, ret = m.group(1), m.group(2), m.group(3), int(m.group(4))
        if call == "write" and args.startswith("1,"):
            found = sorted((args.find(text), phase) for text, phase in PHASES if text in args)
            for _, phase in found:
                out.write(f"phase {phase} - -\n")
            continue
        if call in ("openat", "unlink", "mkdir", "rmdir"):
            p = PATH_ARG.match(args)
            if not p or p.group(1).startswith("/") or ret < 0:
                continue
            path = p.group(1)
            if call == "openat":
                flags = args[p.end():].split(",")[1].strip()
                if "O_TRUNC" in flags:
                    sizes[path] = 0
                size = sizes.setdefault(path, 0)
                if "O_APPEND" in flags:
                    kind = "open_a"
                elif flags.startswith("O_RDONLY"):
                    kind = "open_r"
                else:
                    kind = "create"
                fds[ret] = [path, 0, kind == "open_a"]
                out.write(f"{kind} {path} - {size}\n")
            else:
                if call == "unlink":
                    sizes.pop(path, None)
                out.write(f"{call} {path} - -\n")
            continue
        fd_text = args.split(",", 1)[0].strip()
        if not fd_text.isdigit() or int(fd_text) not in fds:
            continue
        fd = fds[int(fd_text)]
        path = fd[0]
        if call == "close":
            del fds[int(fd_text)]
            out.write(f"close {path} - -\n")
        elif call == "lseek":
            fd[1] = ret  # fopen("a") seeks to the end; not a line of the format
        elif call in ("read", "write"):
            requested = int(COUNT_ARG.search(args).group(1))
            if call == "write" and fd[2]:
                fd[1] = sizes[path]  # O_APPEND: every write lands at the end
            out.write(f"{call} {path} {fd[1]} {ret} req={requested}\n")
            fd[1] += ret
            if call == "write":
                sizes[path] = max(sizes[path], fd[1])


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
        convert(f, sys.stdout)
