-- RUBiS schema (docs/rubis.md, "Tables") for MariaDB/MySQL. InnoDB rather than the original's
-- default MyISAM: bids, buy-now and comments are written in transactions and must stay
-- consistent under concurrent clients.
CREATE TABLE categories (
  id   INT UNSIGNED NOT NULL AUTO_INCREMENT,
  name VARCHAR(50),
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE regions (
  id   INT UNSIGNED NOT NULL AUTO_INCREMENT,
  name VARCHAR(25),
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE users (
  id            INT UNSIGNED NOT NULL AUTO_INCREMENT,
  firstname     VARCHAR(20),
  lastname      VARCHAR(20),
  nickname      VARCHAR(20) NOT NULL UNIQUE,
  password      VARCHAR(20) NOT NULL,
  email         VARCHAR(50) NOT NULL,
  rating        INTEGER,
  balance       FLOAT,
  creation_date DATETIME,
  region        INT UNSIGNED NOT NULL,
  PRIMARY KEY (id),
  INDEX auth (nickname, password),
  INDEX region_id (region)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE items (
  id            INT UNSIGNED NOT NULL AUTO_INCREMENT,
  name          VARCHAR(100),
  description   TEXT,
  initial_price FLOAT UNSIGNED NOT NULL,
  quantity      INT UNSIGNED NOT NULL,
  reserve_price FLOAT UNSIGNED DEFAULT 0,
  buy_now       FLOAT UNSIGNED DEFAULT 0,
  nb_of_bids    INT UNSIGNED DEFAULT 0,
  max_bid       FLOAT UNSIGNED DEFAULT 0,
  start_date    DATETIME,
  end_date      DATETIME,
  seller        INT UNSIGNED NOT NULL,
  category      INT UNSIGNED NOT NULL,
  PRIMARY KEY (id),
  INDEX seller_id (seller),
  INDEX category_id (category)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE old_items (
  id            INT UNSIGNED NOT NULL,
  name          VARCHAR(100),
  description   TEXT,
  initial_price FLOAT UNSIGNED NOT NULL,
  quantity      INT UNSIGNED NOT NULL,
  reserve_price FLOAT UNSIGNED DEFAULT 0,
  buy_now       FLOAT UNSIGNED DEFAULT 0,
  nb_of_bids    INT UNSIGNED DEFAULT 0,
  max_bid       FLOAT UNSIGNED DEFAULT 0,
  start_date    DATETIME,
  end_date      DATETIME,
  seller        INT UNSIGNED NOT NULL,
  category      INT UNSIGNED NOT NULL,
  PRIMARY KEY (id),
  INDEX seller_id (seller),
  INDEX category_id (category)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE bids (
  id      INT UNSIGNED NOT NULL AUTO_INCREMENT,
  user_id INT UNSIGNED NOT NULL,
  item_id INT UNSIGNED NOT NULL,
  qty     INT UNSIGNED NOT NULL,
  bid     FLOAT UNSIGNED NOT NULL,
  max_bid FLOAT UNSIGNED NOT NULL,
  date    DATETIME,
  PRIMARY KEY (id),
  INDEX item (item_id),
  INDEX user (user_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE comments (
  id           INT UNSIGNED NOT NULL AUTO_INCREMENT,
  from_user_id INT UNSIGNED NOT NULL,
  to_user_id   INT UNSIGNED NOT NULL,
  item_id      INT UNSIGNED NOT NULL,
  rating       INTEGER,
  date         DATETIME,
  comment      TEXT,
  PRIMARY KEY (id),
  INDEX from_user (from_user_id),
  INDEX to_user (to_user_id),
  INDEX item (item_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE buy_now (
  id       INT UNSIGNED NOT NULL AUTO_INCREMENT,
  buyer_id INT UNSIGNED NOT NULL,
  item_id  INT UNSIGNED NOT NULL,
  qty      INT UNSIGNED NOT NULL,
  date     DATETIME,
  PRIMARY KEY (id),
  INDEX buyer (buyer_id),
  INDEX item (item_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
