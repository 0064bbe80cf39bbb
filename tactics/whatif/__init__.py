"""What if? Branch a recorded fight at any moment, and a win-probability curve for a replay.

- :mod:`tactics.whatif.rebuild`: the encounter a replay header describes;
- :mod:`tactics.whatif.fork`: re-simulate a replay up to a moment, check it against the
  recording, and carry on with other policies, options or dice (``Replay.fork``);
- :mod:`tactics.whatif.analyze`: at every round, how often each side wins from there;
- :mod:`tactics.whatif.cli`: the ``tactics fork`` and ``tactics analyze`` commands.

See ``docs/whatif.md``. The replay layer imports this lazily (``Replay.fork``); nothing
here is imported by the engine.
"""

from __future__ import annotations

from tactics.whatif.fork import fork, verify
from tactics.whatif.rebuild import rebuild

__all__ = ["fork", "verify", "rebuild"]
