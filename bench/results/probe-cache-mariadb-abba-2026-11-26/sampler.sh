#!/usr/bin/env bash
# Samples once a second until killed: per-process CPU ticks (Tomcat, mariadbd, httperf, all),
# MariaDB Threads_running and row-lock counters, and every 2 s a jstack of Tomcat.
out=$1; mkdir -p "$out"
hz=$(getconf CLK_TCK)
ticks() { awk '{print $14+$15}' /proc/$1/stat 2>/dev/null || echo 0; }
n=0
while true; do
  t=$(date +%s.%N)
  tc=$(pgrep -f org.apache.catalina.startup.Bootstrap | head -1)
  db=$(pgrep -x mariadbd | head -1)
  hp=0; for p in $(pgrep -x httperf); do hp=$((hp + $(ticks $p))); done
  tot=$(awk '/^cpu /{print $2+$3+$4+$7+$8}' /proc/stat)
  st=$(mariadb -h127.0.0.1 -uroot -N -e "show global status where Variable_name in ('Threads_running','Innodb_row_lock_waits','Innodb_row_lock_time','Rows_read','Questions')" 2>/dev/null | awk '{printf "%s=%s ", $1, $2}')
  echo "$t tomcat=${tc:-0}:$( [ -n "$tc" ] && ticks $tc || echo 0) db=$(ticks ${db:-1}) httperf=$hp total=$tot $st" >> "$out/cpu.log"
  if [ -n "$tc" ] && [ $((n % 2)) -eq 0 ]; then
    timeout 5 jstack "$tc" > "$out/jstack-$(date +%s).txt" 2>/dev/null &
  fi
  n=$((n+1))
  sleep 1
done
