import sys, collections
# usage: cpu-read.py FROM_EPOCH TO_EPOCH : CPU % of one core per process name between two sample times
rows=[l.split() for l in open('/tmp/cpu-samples.txt')]
t0,t1=int(sys.argv[1]),int(sys.argv[2])
first={};last={}
for t,pid,name,ticks in rows:
    t=int(t); ticks=int(ticks)
    if t0<=t<=t1:
        key=(name,pid)
        if key not in first: first[key]=(t,ticks)
        last[key]=(t,ticks)
for k in sorted(first):
    (a,ta),(b,tb)=first[k],last[k]
    if b>a: print(k[0], k[1], "%.1f%%" % ((tb-ta)/ (b-a)), "over", b-a, "s")
