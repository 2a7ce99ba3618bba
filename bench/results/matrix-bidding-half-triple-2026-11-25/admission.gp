# Generated with the report; run: gnuplot admission.gp
set terminal pngcairo size 900,560 noenhanced
set datafile separator ','
set grid; set key below; set yrange [0:*]
set xlabel 'seconds into the step (new sessions offered for the first 60 s)'
set ylabel 'new sessions admitted/s (solid)'
set ytics nomirror; set y2tics; set y2range [0:*]; set y2label 'session limit (dashed)'
set output 'admission.png'
set title 'Session admission over time, run 1'
plot 'raw/hybrid-sessions-48-r1-policy.csv' using 1:2 with lines lw 2 lc 1 title 'hybrid-sessions at 48/s', '' using 1:($5 < 0 ? NaN : $5) axes x1y2 with lines dt 2 lc 1 notitle, 'raw/hybrid-sessions-503-48-r1-policy.csv' using 1:2 with lines lw 2 lc 2 title 'hybrid-sessions-503 at 48/s', '' using 1:($5 < 0 ? NaN : $5) axes x1y2 with lines dt 2 lc 2 notitle, 'raw/hybrid-sessions-503-8-r1-policy.csv' using 1:2 with lines lw 2 lc 3 title 'hybrid-sessions-503 at 8/s', '' using 1:($5 < 0 ? NaN : $5) axes x1y2 with lines dt 2 lc 3 notitle, 'raw/hybrid-sessions-8-r1-policy.csv' using 1:2 with lines lw 2 lc 4 title 'hybrid-sessions at 8/s', '' using 1:($5 < 0 ? NaN : $5) axes x1y2 with lines dt 2 lc 4 notitle
