"""python -m tactics: the tactics command."""

from tactics.cli import main

main()
