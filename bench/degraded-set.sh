# Sourced by bench/tune.sh: sets set_dir to the degraded set bench/degrade.py
# builds. With AUTO_SET=DIR the set is built in DIR and kept, or reused when DIR/manifest.tsv
# exists; otherwise it is built in $work/set, which the caller removes.
# Needs: $python, $work.
if [ -n "${AUTO_SET:-}" ]; then
  set_dir=$AUTO_SET
  if [ -f "$set_dir/manifest.tsv" ]; then
    echo "reusing the set in $set_dir"
  else
    "$python" bench/degrade.py "$set_dir" > "$work/degrade.log"
    echo "built the set in $set_dir"
  fi
else
  set_dir=$work/set
  echo "building the set in $set_dir (bench/degrade.py, about a minute)"
  "$python" bench/degrade.py "$set_dir" > "$work/degrade.log"
fi
