# Generated with the headline report; run: gnuplot headline.gp
set terminal pngcairo size 900,560 noenhanced
set output 'headline.png'
set title 'RUBiS browsing mix at steady state'
set grid
set key outside right top
set offsets graph 0.03, graph 0.03, 0, 0
set xlabel 'offered load (new sessions/s)'
set ylabel 'completed sessions/s (median over blocks, 95 % CI)'
set yrange [0:*]
set arrow from 12.000, graph 0 to 12.000, graph 1 nohead dt 2 lw 1.5 lc rgb 'gray50'
set label '1x R' at 12.000, graph 0.03 offset 0.5,0 tc rgb 'gray50'
set arrow from 24.000, graph 0 to 24.000, graph 1 nohead dt 2 lw 1.5 lc rgb 'gray50'
set label '2x R' at 24.000, graph 0.03 offset 0.5,0 tc rgb 'gray50'
set arrow from 36.000, graph 0 to 36.000, graph 1 nohead dt 2 lw 1.5 lc rgb 'gray50'
set label '3x R' at 36.000, graph 0.03 offset 0.5,0 tc rgb 'gray50'
plot 'headline-plot-nio:50@150.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio:50@150', \
     'headline-plot-nio:50@300.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio:50@300', \
     'headline-plot-nio2.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio2', \
     'headline-plot-nio.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio', \
     'headline-plot-nio-admission.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'nio-admission', \
     'headline-plot-hybrid.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'hybrid', \
     'headline-plot-hybrid-sessions.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'hybrid-sessions', \
     'headline-plot-hybrid-sessions-503.dat' using 1:2:3:4 with yerrorlines lw 2 dt 1 title 'hybrid-sessions-503', \
     'headline-plot-hybrid-all.dat' using 1:2:3:4 with yerrorlines lw 2 dt 2 title 'hybrid-all'
