# Generated with the headline report; run: gnuplot headline.gp
set terminal pngcairo size 900,560 noenhanced
set output 'headline.png'
set title 'Static (Surge-like) workload at steady state'
set grid
set key outside right top
set offsets graph 0.03, graph 0.03, 0, 0
set xlabel 'offered load (new sessions/s)'
set ylabel 'completed sessions/s (median over blocks, 95 % CI)'
set yrange [0:*]
set arrow from 100.000, graph 0 to 100.000, graph 1 nohead dt 2 lw 1.5 lc rgb 'gray50'
set label '1x R' at 100.000, graph 0.03 offset 0.5,0 tc rgb 'gray50'
set arrow from 200.000, graph 0 to 200.000, graph 1 nohead dt 2 lw 1.5 lc rgb 'gray50'
set label '2x R' at 200.000, graph 0.03 offset 0.5,0 tc rgb 'gray50'
set arrow from 300.000, graph 0 to 300.000, graph 1 nohead dt 2 lw 1.5 lc rgb 'gray50'
set label '3x R' at 300.000, graph 0.03 offset 0.5,0 tc rgb 'gray50'
plot 'headline-plot-hybrid.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'hybrid', \
     'headline-plot-blocking.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'blocking', \
     'headline-plot-nio.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio', \
     'headline-plot-nio2.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio2', \
     'headline-plot-nio-vt.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio-vt'
