#!/bin/sh
# Put the peer's code (jvasilakes/dnd_combat_simulator) where benchmarks/bench_peer.py looks:
#
#     benchmarks/get_peer.sh https://github.com/jvasilakes/dnd_combat_simulator
#     benchmarks/get_peer.sh /path/to/a/clone-or-git-dir [DEST]
#
# SOURCE is anything `git clone` takes (a URL, a clone, a bare git dir).
# DEST defaults to benchmarks/peer/ (gitignored: the checkout is 1.4 MB, over
# the 1 MB we ship; its MIT license would allow it). Nothing else is fetched;
# the peer's own dependencies (numpy; pandas and tqdm, which the duel never
# calls) are not installed: bench_peer.py stands in for the missing two.
set -eu
if [ $# -lt 1 ]; then
    echo "usage: $0 SOURCE [DEST]   (SOURCE: a git URL or a clone/git dir of jvasilakes/dnd_combat_simulator)" >&2
    exit 2
fi
src=$1
here=$(cd "$(dirname "$0")" && pwd)
dest=${2:-$here/peer}
if [ -e "$dest/combat_simulator/encounter.py" ]; then
    echo "already there: $dest (remove it to fetch again)"
    exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git clone --quiet "$src" "$tmp/peer"
test -f "$tmp/peer/combat_simulator/encounter.py" || { echo "$src: no combat_simulator/encounter.py there" >&2; exit 1; }
mkdir -p "$dest"
# the code and the data the duel reads, and the license; not its git history
(cd "$tmp/peer" && echo "$(git rev-parse HEAD) $src" > PEER_COMMIT && rm -rf .git && cp -R . "$dest/")
echo "peer at $dest ($(cut -d' ' -f1 "$dest/PEER_COMMIT"))"
