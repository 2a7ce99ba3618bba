# Generated with the report; run: gnuplot plots.gp
set terminal pngcairo size 900,560 noenhanced
set grid
set key top left
set xlabel 'offered load (new sessions/s)'
set output 'sessions.png'
set title 'RUBiS bidding mix, full mode: completed sessions/s'
set ylabel 'completed sessions/s'
plot 'plot-hybrid.dat' using 1:2 with linespoints lw 2 dt 1 title 'hybrid', 'plot-hybrid-cache.dat' using 1:2 with linespoints lw 2 dt 1 title 'hybrid-cache', x with lines dt 2 lc rgb 'gray' title 'offered'
set output 'replies.png'
set title 'RUBiS bidding mix, full mode: replies/s'
set ylabel 'replies/s'
plot 'plot-hybrid.dat' using 1:3 with linespoints lw 2 dt 1 title 'hybrid', 'plot-hybrid-cache.dat' using 1:3 with linespoints lw 2 dt 1 title 'hybrid-cache'
set output 'response.png'
set title 'RUBiS bidding mix, full mode: mean response time (ms)'
set ylabel 'mean response time (ms)'
plot 'plot-hybrid.dat' using 1:4 with linespoints lw 2 dt 1 title 'hybrid', 'plot-hybrid-cache.dat' using 1:4 with linespoints lw 2 dt 1 title 'hybrid-cache'
set output 'lifetime.png'
set title 'RUBiS bidding mix, full mode: lifetime of completed sessions (s)'
set ylabel 'lifetime of completed sessions (s)'
plot 'plot-hybrid.dat' using 1:5 with linespoints lw 2 dt 1 title 'hybrid', 'plot-hybrid-cache.dat' using 1:5 with linespoints lw 2 dt 1 title 'hybrid-cache'
