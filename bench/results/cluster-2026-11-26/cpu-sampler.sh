#!/bin/bash
# Every 10 s: epoch, pid, name, utime+stime ticks of MariaDB, HAProxy and the Tomcat JVMs.
while :; do
  now=$(date +%s)
  for pid in $(pgrep -x mariadbd) $(pgrep -x haproxy) $(pgrep -f "org.apache.catalina.startup.Bootstrap"); do
    [ -r /proc/$pid/stat ] || continue
    name=$(tr '\0' ' ' < /proc/$pid/cmdline | grep -o 'node[0-9]/conf' | head -1)
    [ -n "$name" ] || name=$(cat /proc/$pid/comm)
    echo "$now $pid $name $(awk '{print $14+$15}' /proc/$pid/stat)"
  done >> /tmp/cpu-samples.txt
  sleep 10
done
