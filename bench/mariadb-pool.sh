# Sourced by bench/sessions and bench/cluster: sets MariaDB's InnoDB buffer pool and waits until it
# really has that size. Not a command of its own; the caller defines mariadb_sql.
#
# A resize asked for while another is still under way (the previous run's restore, say) is dropped
# without an error, and a run on the 128 MiB default reads from disk at a fifth of the rate. So the
# size is asked for again until the pool's pages are within 5 % of it, for up to a minute.

resize_buffer_pool() { # MiB
  local pages have
  pages=$(( $1 * 1048576 / $(mariadb_sql 'SELECT @@innodb_page_size') ))
  for _ in $(seq 0 60); do
    if ! mariadb_sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_resize_status'" | grep -qi 'ing '; then
      have=$(mariadb_sql "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_total'" | cut -f2)
      [ "$have" -lt $((pages * 95 / 100)) ] || [ "$have" -gt $((pages * 105 / 100)) ] || return 0
      mariadb_sql "SET GLOBAL innodb_buffer_pool_size = $(( $1 * 1048576 ))" || true
    fi
    sleep 1
  done
  return 1
}
