# Generated with the report; run: gnuplot workers-all.gp
set terminal pngcairo size 900,560 noenhanced
set datafile separator ','
set grid; set key below; set yrange [0:*]
set xlabel 'seconds into the step (new sessions offered for the first 60 s)'
set ylabel 'general workers allowed'
set output 'workers-all.png'
set title 'Adaptive worker count over time (all policies), run 1'
plot 'raw/hybrid-all-32-r1-policy.csv' using 1:6 with lines lw 2 lc 1 title 'hybrid-all at 32/s'
