"""Moving through a replay: the timeline, frames, events, turns, rounds, typed jumps, speed, the log's scroll and filter (a mixin of :class:`~tactics.viewer.core.Viewer`)."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right


from tactics.viewer.consts import SPEEDS


class Stepping:
    """See the module docstring."""

    def timeline_x(self, t: float) -> int:
        bar = self.timeline_bar
        if self.duration <= 0:
            return bar.x
        return bar.x + int(round(t / self.duration * (bar.width - 1)))

    def timeline_t(self, x: float) -> float:
        bar = self.timeline_bar
        f = (x - bar.x) / max(1, bar.width - 1)
        return min(max(f, 0.0), 1.0) * self.duration

    # -- time -----------------------------------------------------------
    def _snap(self, t: float) -> float:
        t = min(max(t, 0.0), self.duration)
        if t >= self.duration:
            return self.duration
        n = math.floor(t / self.step + 1e-6)
        return min(self.duration, round(n * self.step, 9))

    def seek(self, t: float) -> None:
        """Show the frame at time ``t`` (snapped to the frame grid)."""
        self.t = self._snap(t)
        self._acc = 0.0

    def step_frames(self, n: int) -> None:
        """``n`` frames forward (or back when negative)."""
        if n < 0 and self.t >= self.duration and self.duration % self.step > 1e-9:
            self.t = self._snap(self.duration)
            n += 1
        self.seek(self.t + n * self.step + (self.step * 1e-3 if n > 0 else 0.0))

    def next_event(self) -> None:
        """Jump to the next instant something happened."""
        i = bisect_right(self._event_times, self.t + 1e-9)
        if i < len(self._event_times):
            self.t = self._event_times[i]
        else:
            self.t = self.duration
        self._acc = 0.0

    def prev_event(self) -> None:
        i = bisect_left(self._event_times, self.t - 1e-9) - 1
        self.t = self._event_times[i] if i >= 0 else 0.0
        self._acc = 0.0

    # -- turns and rounds -----------------------------------------------
    def round_at(self, t: float | None = None) -> int | None:
        """The round shown at ``t`` (default now): the last turn's, else from the round length."""
        t = self.t if t is None else t
        if self._turn_times:
            i = bisect_right(self._turn_times, t + 1e-9) - 1
            return self._turn_rounds[max(0, i)]
        if self.round_seconds:
            return int(math.floor(t / self.round_seconds + 1e-9)) + 1
        return None

    def round_start(self, n: int) -> float | None:
        """When round ``n`` starts (its first turn), or None if there is no such round."""
        if self._turn_times:
            return self._round_first.get(n)
        if self.round_seconds:
            t = (n - 1) * self.round_seconds
            return t if 0 <= t <= self.duration else None
        return None

    def _goto(self, t: float) -> None:
        """Show exactly time ``t`` (off the frame grid, like the event jumps)."""
        self.t = min(max(t, 0.0), self.duration)
        self._acc = 0.0

    def next_turn(self) -> None:
        """Jump to the next turn (a fighter's go)."""
        i = bisect_right(self._turn_times, self.t + 1e-9)
        self._goto(self._turn_times[i] if i < len(self._turn_times) else self.duration)

    def prev_turn(self) -> None:
        i = bisect_left(self._turn_times, self.t - 1e-9) - 1
        self._goto(self._turn_times[i] if i >= 0 else 0.0)

    def next_round(self) -> None:
        """Jump to the start of the next round (the end after the last)."""
        r = self.round_at()
        t = self.round_start(r + 1) if r is not None else None
        self._goto(self.duration if t is None else t)

    def prev_round(self) -> None:
        """Jump to the start of this round, or of the previous one when already there."""
        r = self.round_at()
        if r is None:
            self._goto(0.0)
            return
        t = self.round_start(r)
        if t is None or t >= self.t - 1e-9:
            t = self.round_start(r - 1)
        self._goto(0.0 if t is None else t)

    def jump_to(self, text: str) -> bool:
        """A typed jump: ``12.5`` (seconds) or ``r7`` (round 7); False if it names nothing."""
        text = text.strip().lower().replace(",", ".")
        try:
            if text.startswith("r"):
                t = self.round_start(int(text[1:].strip()))
                if t is None:
                    return False
                self._goto(t)
            else:
                t = float(text.rstrip("s").strip())
                if not math.isfinite(t) or t < 0:
                    return False
                self.seek(t) if t < self.duration else self._goto(self.duration)
        except ValueError:
            return False
        return True

    # -- the log --------------------------------------------------------
    def scroll_log(self, n: int) -> None:
        """Scroll the log ``n`` entries back in time (forward when negative)."""
        self.log_scroll = max(0, self.log_scroll + n)

    def cycle_log_filter(self) -> None:
        from tactics.viewer.panels import LOG_FILTERS

        self.log_filter = (self.log_filter + 1) % len(LOG_FILTERS)
        self.log_scroll = 0

    def click_log(self, pos: tuple[int, int]) -> bool:
        """Jump the timeline to the log line under ``pos`` (as last drawn); False if none."""
        for rect, i in self._log_hits:
            if rect.collidepoint(pos):
                self.playing = False
                self._goto(self.timeline.events[i].t)
                self.log_scroll = 0
                return True
        return False

    def clock_text(self) -> str:
        """``round 7, 6.3 s`` (just the seconds when the replay has no rounds)."""
        r = self.round_at()
        return f"round {r}, {self.t:.1f} s" if r is not None else f"{self.t:.1f} s"

    def faster(self) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 2
        self.speed = SPEEDS[min(len(SPEEDS) - 1, i + 1)]

    def slower(self) -> None:
        i = SPEEDS.index(self.speed) if self.speed in SPEEDS else 2
        self.speed = SPEEDS[max(0, i - 1)]

    def toggle_play(self) -> None:
        if not self.playing and self.t >= self.duration:
            self.t = 0.0
        self.playing = not self.playing
        self._acc = 0.0

    def update(self, real_dt: float) -> None:
        """Advance playback by ``real_dt`` seconds of wall time (whole frames only)."""
        if not self.playing:
            return
        self._acc += real_dt * self.speed
        n = int(self._acc / self.step + 1e-9)
        if n > 0:
            self._acc -= n * self.step
            self.t = min(self.duration, round(self.t + n * self.step, 9))
            if self.t >= self.duration:
                self.playing = False
