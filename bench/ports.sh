# Sourced by the bench scripts that start servers on ports of their own choosing. Not a command of
# its own.
#
# A port found free by binding to 0 comes from the kernel's ephemeral range (32768 and up), the
# range it also gives every client socket its port from: one of httperf's or wrk's could take it
# before the server binds it. So a server's port comes from below that range, where only servers
# hold ports, and a port is free when nothing listens on it.

ports_handed_out=" "

# free_port VAR: sets VAR to a port on 127.0.0.1 from 20000 to 32767 on which nothing listens, and
# not one this script has handed out before (that server may not have bound it yet).
free_port() {
  local candidate
  for _ in $(seq 1 500); do
    candidate=$(shuf -i 20000-32767 -n 1)
    [[ "$ports_handed_out" == *" $candidate "* ]] && continue
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      ports_handed_out+="$candidate "
      printf -v "$1" '%s' "$candidate"
      return 0
    fi
  done
  echo "no free port on 127.0.0.1 from 20000 to 32767" >&2
  return 1
}
