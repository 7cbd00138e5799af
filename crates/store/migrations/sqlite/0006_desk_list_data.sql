-- The rating list's data of a desk player that decide K in the event's
-- rating report (SQLite; the PostgreSQL twin is ../postgres/0006_desk_list_data.sql):
-- valid games already on the list (已计算有效局数), rated events so far
-- (profiles whose K depends on it) and the highest rating ever reached
-- (历史最高等级分, exact decimal as TEXT). NULL: not known (rows written
-- before this step read as a player with no rated game on record).
ALTER TABLE desk_players ADD COLUMN rated_games INTEGER CHECK (rated_games >= 0);
ALTER TABLE desk_players ADD COLUMN rated_events INTEGER CHECK (rated_events >= 0);
ALTER TABLE desk_players ADD COLUMN ever_reached TEXT;
