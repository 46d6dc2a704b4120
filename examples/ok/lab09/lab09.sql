-- Lab 9: SQL part

CREATE TABLE pets AS
  SELECT 'rex' AS name, 'dog' AS kind, 5 AS age UNION
  SELECT 'tom', 'cat', 3 UNION
  SELECT 'kim', 'dog', 1;

CREATE TABLE old_dogs AS
  SELECT name FROM pets WHERE kind = 'dog' AND age > 2;
