# Sourced by bench/sessions for --steady: the campaign's loop over blocks, loads and variants, and
# one steady step. Not a command of its own (it uses the runner's functions and settings).
#
# A step's timeline, in seconds from its start, every boundary a multiple of httperf's 5 s sample
# interval so that the samples of every process fall on one grid:
#
#   0 ── up-ramp at half the load ── R ── warm-up ── R+W ══ measured interval ══ T1 ── tail ── stop
#
# The offered sessions come in slices, each its own httperf process with its own session file
# (sessions marked for the access log) and its own start time (SteadyPlan says which). Every
# process is stopped at the step's end at the latest.

# What the JMX sampler reads every 5 s: every connector's thread pool and requests, and the
# hybrid's own counters (README, "Monitoring").
jmx_columns=("Catalina:type=ThreadPool,*#currentThreadsBusy" "Catalina:type=ThreadPool,*#connectionCount"
  "Catalina:type=GlobalRequestProcessor,*#requestCount")
for attribute in parkedCount readyCount sessionsInProgress sessionLimit admittedSessionCount turnedAwayCount \
    workerCount lengthyReserve generalQueueDelayMillis lengthyQueueDelayMillis; do
  jmx_columns+=("Catalina:type=ProtocolHandler,*#$attribute")
done

# The CPU busy ticks at one end of the measured interval: the whole machine's, CPU 0's (Tomcat and
# the database: whether the server was the limit) and CPU 1's (the load generator's, which reads
# full whenever httperf runs: it polls). Then the two processes pinned to CPU 0, Tomcat's JVM and
# MariaDB's server, each over all its threads: what CPU 0 spent per reply, and what it spent on
# neither (interrupts, time the hypervisor took, other processes). No line for a process not read:
# H2 runs inside Tomcat, and a MariaDB that could not be pinned would count time on both CPUs.
interval_ticks() {
  printf 'machine_ticks %s\ncpu0_ticks %s\ncpu1_ticks %s\n' "$(machine_busy_ticks)" "$(cpu_busy_ticks 0)" \
    "$(cpu_busy_ticks 1)"
  local ticks
  { ticks=$(process_cpu_ticks "$tomcat_pid") && echo "tomcat_ticks $ticks"; } || true
  { ticks=$(process_cpu_ticks "$database_pid") && echo "database_ticks $ticks"; } || true
}

steady_pids=()
steady_cleanup() {
  local pid
  for pid in "${steady_pids[@]:-}"; do [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null || true; done
  steady_pids=()
}

# The step's slices, "offset rate sessions file" a line (org.hybridconnector.bench.steady.SteadyPlan),
# their session files written on first use and shared by every variant and block, so that all of
# them are offered the same sessions.
steady_plan() { # load
  local data=(--site-data "$work/site.tsv")
  [ "$workload" != static ] || data=(--surge-files "$surge_files")
  java -cp "$bench_cp" org.hybridconnector.bench.Main steady-plan --load "$1" --ramp-up "$ramp_up" \
    --warm-up "$warm_up_s" --interval "$interval" --tail "$tail" --mix "$mix" "${data[@]}" \
    --out "$work/files" --seed "$seed" --max-pages "$max_pages" --think-scale "$think_scale"
}

# One httperf process: waits for its start, notes when it began, then offers its sessions until
# they are all done or the step ends. Its complaints go to a file of their own: httperf buffers its
# report and writes them at once, so in one file they would land in the middle of a report line.
launch_slice() { # file sessions rate start-ms stop-ms output
  sleep_until "$4"
  local began; began=$(now_ms)
  echo "### slice $(basename "$1" .wsesslog) start_ms=$began sessions=$2" >"$6"
  offer_sessions "$1" "$2" "$3" "$(awk -v a="$began" -v b="$5" 'BEGIN { printf "%.3f", (b - a) / 1000 }')" \
    >>"$6" 2>"${6%.txt}.err"
}

steady_step() { # spec load block
  local spec=$1 load=$2 block=$3 start t0 t1 stop offset rate n file i=0 files=() outputs=() plan
  local tag_name="b$block-$load-$spec" slices="$work/slices"
  rm -rf "$slices"; mkdir -p "$slices"
  plan=$(steady_plan "$load")   # before the clock starts: it may write session files
  start=$(( ($(now_ms) / 1000 + 2) * 1000 ))
  t0=$(( start + (ramp_up + warm_up_s) * 1000 )); t1=$(( t0 + interval * 1000 )); stop=$(( t1 + tail * 1000 + 2000 ))
  steady_pids=()
  while read -r offset rate n file; do
    i=$((i + 1))
    files+=("$file"); outputs+=("$slices/$(printf '%03d' "$i").txt")
    launch_slice "$file" "$n" "$rate" $(( start + offset * 1000 )) "$stop" "${outputs[-1]}" &
    steady_pids+=($!)
  done <<<"$plan"
  # Quick pages as a shopper already inside sees them, and the machine's CPU, over the measured
  # interval. The probe's clients connect as the up-ramp begins: started at t0, they were new visitors
  # queued behind the overload's, and their wait to be let in read as a shopper's slow page.
  local probe="$out/raw/$tag_name-probe.txt" ticks0="$work/interval-start.txt" ticks1="$work/interval-end.txt"
  (sleep_until "$start"; exec taskset -c 1 java -cp "$bench_cp" org.hybridconnector.bench.Main probe --port "$port" \
    --paths "$(quick_paths)" --seconds $(( (t1 - start) / 1000 )) --measure-from $(( (t0 - start) / 1000 )) \
    --clients 4 --interval-ms 250 --timeout-ms 10000 --out "$probe" --openings "$out/raw/$tag_name-probe-openings.txt" \
    --timeline "$out/raw/$tag_name-probe-timeline.csv") &
  steady_pids+=($!)
  rm -f "$ticks0" "$ticks1"
  (sleep_until "$t0"; interval_ticks >"$ticks0"; sleep_until "$t1"; interval_ticks >"$ticks1") &
  steady_pids+=($!)
  # The connector's counters over the whole step (empty columns where a variant lacks them).
  (sleep_until "$start"; exec taskset -c 1 java -cp "$bench_cp" org.hybridconnector.bench.Main jmx-sample \
    --jmx-port "$jmx_port" --port "$port" --seconds $(( (stop - start) / 1000 - 1 )) --out "$out/raw/$tag_name-jmx.csv" \
    "${jmx_columns[@]}" >/dev/null 2>"$work/jmx-sample.err" || cat "$work/jmx-sample.err" >&2) &
  steady_pids+=($!)
  log "$i httperf processes; measured from $(date -d "@$((t0 / 1000))" +%T) to $(date -d "@$((t1 / 1000))" +%T), done by $(date -d "@$((stop / 1000))" +%T)"
  while kill -0 "${steady_pids[@]}" 2>/dev/null; do
    printf '\r   %-22s %6s sess/s block %d: %4d/%d s' "$spec" "$load" "$block" $(( ($(now_ms) - start) / 1000 )) $(( (stop - start) / 1000 ))
    sleep 2
  done
  printf '\r%78s\r' ''
  wait "${steady_pids[@]}" 2>/dev/null || true
  steady_pids=()
  stop_tomcat   # flushes the access log
  cat "${outputs[@]}" >"$out/raw/$tag_name-httperf.txt"
  local output
  for output in "${outputs[@]}"; do
    if [ -s "${output%.txt}.err" ]; then head -1 "$output"; cat "${output%.txt}.err"; fi
  done >"$out/raw/$tag_name-httperf-errors.txt"
  cp "$base/logs/gc.log" "$out/raw/$tag_name-gc.log" 2>/dev/null || true
  java -cp "$bench_cp" org.hybridconnector.bench.Main steady-step --csv "$out/steady.csv" --block "$block" --load "$load" \
    --variant "$spec" --commit "$built_commit" --from "$t0" --to "$t1" --slices "$out/raw/$tag_name-httperf.txt" \
    --access-log "$base/logs/steady-access.log" --probe "$probe" --probe-openings "$out/raw/$tag_name-probe-openings.txt" \
    --interval-start "$ticks0" --interval-end "$ticks1" --clock-ticks "$(getconf CLK_TCK)" \
    $(printf '%s\n' "${files[@]}" | sort -u) | sed 's/^/   /'
}

step_done() { # block load spec
  step_ledger "$out/steady.csv" --match "block=$1" --match "load=$2" --match "variant=$3"
}

run_steady_campaign() {
  local block load k count spec java_home
  $resume || rm -f "$out/steady.csv"
  setup_notes "$out/setup.md"
  say "Steady state: $mix sessions at ${loads} new sessions/s, blocks 1 to $repeats of ${variants}"
  log "each step $((ramp_up + warm_up_s + interval + tail)) s: up-ramp ${ramp_up} s, warm-up ${warm_up_s} s, interval ${interval} s, tail ${tail} s"
  for block in $(seq 1 "$repeats"); do
    for load in "${load_list[@]}"; do
      # Back to back within a block; each block starts with the next variant, so none always goes first.
      count=${#variant_list[@]}
      for k in $(seq 0 $((count - 1))); do
        spec=${variant_list[$(( (k + block - 1) % count ))]}
        if step_done "$block" "$load" "$spec"; then log "block $block, $load/s, $spec: done"; continue; fi
        java_home=$(java_home_for "$(variant_name "$spec")")
        say "Block $block/$repeats, $load new sessions/s: $spec ($(connector_label "$spec")) on $(jvm_label "$java_home")"
        start_tomcat "$spec" "$java_home"
        warm_up
        steady_step "$spec" "$load" "$block"
      done
    done
  done
  log "$out/steady.csv"
}
