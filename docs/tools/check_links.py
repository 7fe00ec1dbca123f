#!/usr/bin/env python3
"""Checks every internal link and anchor of the built book.

    python3 docs/tools/check_links.py [target/book] [--markdown README.md ...]

For each `href` and `src` of every HTML page that points inside the book (no scheme, not
protocol-relative), the target file must exist and, when the link has a fragment, the target
page must have an element with that `id` (or an `<a name>`). External links are not fetched.
With --markdown, the relative links of the given Markdown files (README.md, read on the
repository's web page rather than in the book) must name files or folders that exist.
Exit status 0 when every link resolves, 1 otherwise.
"""

import re

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids = set()
        self.links = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id",) + (("name",) if tag == "a" else ()):
            if attrs.get(key):
                self.ids.add(attrs[key])
        for key in ("href", "src"):
            if attrs.get(key) is not None and tag != "base":
                self.links.append((tag, attrs[key], self.getpos()[0]))


def check_markdown(files):
    broken = 0
    for name in files:
        path = Path(name)
        text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
        for link in re.findall(r"\]\(([^)\s]+)\)", text):
            parts = urlsplit(link)
            if parts.scheme or link.startswith("#"):
                continue
            if not (path.parent / unquote(parts.path)).exists():
                broken += 1
                print(f"BROKEN {name}: {link}: no such file")
    return broken


def main():
    args = sys.argv[1:]
    markdown = args[args.index("--markdown") + 1 :] if "--markdown" in args else []
    args = args[: args.index("--markdown")] if "--markdown" in args else args
    root = Path(args[0] if args else "target/book").resolve()
    pages = {}
    for path in sorted(root.rglob("*.html")):
        page = Page()
        page.feed(path.read_text(errors="replace"))
        pages[path] = page
    if not pages:
        raise SystemExit(f"no HTML under {root}: build the book first (mdbook build docs)")
    broken = checked = 0
    for path, page in pages.items():
        for tag, link, line in page.links:
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//") or link == "#" or not link:
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            checked += 1
            problem = None
            if not target.is_file():
                problem = "no such file"
            elif parts.fragment:
                ids = pages[target].ids if target in pages else None
                if ids is not None and unquote(parts.fragment) not in ids:
                    problem = f"no anchor #{parts.fragment} in {target.relative_to(root)}"
            if problem:
                broken += 1
                print(f"BROKEN {path.relative_to(root)}:{line}: <{tag}> {link}: {problem}")
    broken += check_markdown(markdown)
    print(f"links: {checked} internal links checked in {len(pages)} pages and the links of "
          f"{len(markdown)} Markdown file(s), {broken} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
