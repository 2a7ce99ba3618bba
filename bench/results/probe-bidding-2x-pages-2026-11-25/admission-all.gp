# Generated with the report; run: gnuplot admission-all.gp
set terminal pngcairo size 900,560 noenhanced
set datafile separator ','
set grid; set key below; set yrange [0:*]
set xlabel 'seconds into the step (new sessions offered for the first 60 s)'
set ylabel 'new sessions admitted/s (solid)'
set ytics nomirror; set y2tics; set y2range [0:*]; set y2label 'session limit (dashed)'
set output 'admission-all.png'
set title 'Session admission over time (all policies), run 1'
plot 'raw/hybrid-all-32-r1-policy.csv' using 1:2 with lines lw 2 lc 1 title 'hybrid-all at 32/s', '' using 1:($5 < 0 ? NaN : $5) axes x1y2 with lines dt 2 lc 1 notitle
