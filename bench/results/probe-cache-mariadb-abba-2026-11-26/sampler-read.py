import re, sys, glob, os, collections
d = sys.argv[1]
rows = []
for line in open(os.path.join(d, 'cpu.log')):
    f = line.split()
    t = float(f[0]); kv = dict(x.split('=', 1) for x in f[1:])
    pid, tt = kv['tomcat'].split(':')
    rows.append((t, pid, int(tt), int(kv['db']), int(kv['httperf']), int(kv['total']),
                 int(kv.get('Rows_read', 0)), int(kv.get('Questions', 0)), int(kv.get('Threads_running', 0))))
hz = os.sysconf('SC_CLK_TCK')
bypid = collections.OrderedDict()
for r in rows:
    if r[1] != '0':
        bypid.setdefault(r[1], []).append(r)
for pid, rs in bypid.items():
    # samples where httperf ran (its ticks rising)
    act = [rs[i] for i in range(1, len(rs)) if rs[i][4] > rs[i-1][4]]
    if len(act) < 20: 
        print(pid, 'short', len(act)); continue
    act = act[5:65]  # the first 60 s of load after 5 s
    a, b = act[0], act[-1]; dt = b[0] - a[0]
    pct = lambda i: 100.0 * (b[i] - a[i]) / hz / dt
    tr = sum(r[8] for r in act) / len(act)
    print(f"pid {pid}: tomcat {pct(2):5.1f}%  mariadbd {pct(3):5.1f}%  httperf {pct(4):5.1f}%  machine {pct(5):5.1f}%  rows/s {(b[6]-a[6])/dt:8.0f}  q/s {(b[7]-a[7])/dt:6.0f}  threads_running {tr:4.1f}")
    # jstacks of this window
    states = collections.Counter(); n = 0
    for fpath in sorted(glob.glob(os.path.join(d, 'jstack-*.txt'))):
        ts = int(re.search(r'jstack-(\d+)', fpath).group(1))
        if not (a[0] <= ts <= b[0]): continue
        text = open(fpath).read()
        if f'' not in text: continue
        blocks = text.split('\n\n')
        got = False
        for blk in blocks:
            m = re.match(r'"([^"]+)"', blk)
            if not m or not m.group(1).startswith('http-hybrid-') or '-exec-' not in m.group(1): continue  # the benchmarked connector's workers, not the control connector's
            got = True
            frames = [l.strip() for l in blk.split('\n') if l.strip().startswith('at ')]
            top = frames[0] if frames else ''
            if 'TaskQueue' in blk and ('LinkedBlockingQueue.take' in blk or 'LinkedBlockingQueue.poll' in blk): s = 'idle'
            elif 'mariadb' in blk and ('SocketInputStream' in blk or 'NioSocketImpl' in blk or 'socketRead' in blk or 'Net.poll' in blk): s = 'db-read'
            elif 'BasicDataSource' in blk or 'GenericObjectPool' in blk or 'dbcp' in blk: s = 'pool:' + top[3:70]
            elif 'writeBlocking' in blk or 'awaitWritable' in blk or 'ReadinessWaiter' in blk: s = 'net-wait:' + top[3:70]
            else: s = 'other:' + top[3:90]
            states[s] += 1
        if got: n += 1
    print(f"   {n} dumps; worker states per dump:")
    for s, c in states.most_common(8):
        print(f"     {c/max(n,1):5.2f}  {s}")
