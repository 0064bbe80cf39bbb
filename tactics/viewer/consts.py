"""The viewer's fixed numbers: playback speeds, zoom levels, how long effects stay on screen."""

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0)
ZOOMS = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64)
"""Pixels per cell the camera snaps to (the map layer is pre-rendered per level)."""

ATTACK_SHOW = 1.0
"""Seconds of simulated time an attack line stays on screen."""
FALL_SHOW = 1.5
SAY_SHOW = 2.5
DAMAGE_SHOW = 1.0
LABELS_TRIED = 48
"""Most hit, harm, fall and jump labels that look for room on the map in one frame (the rest are
listed in the side panel): beyond that a zoomed-out crowd is unreadable, and placing them costs."""
