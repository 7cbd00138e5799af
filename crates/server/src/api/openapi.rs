//! The OpenAPI 3.1 document of the API, written as data
//! (`GET /api/v1/openapi.json`): every endpoint under `/api/v1`, its
//! request and response schemas, and the bearer security scheme.

use axum::Json;
use serde_json::{Value, json};

/// `GET /api/v1/openapi.json`.
pub async fn serve() -> Json<Value> {
    Json(document())
}

fn error_response(description: &str) -> Value {
    json!({
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    })
}

fn ok(description: &str, schema: &str) -> Value {
    json!({
        "description": description,
        "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
    })
}

fn body(schema: &str) -> Value {
    json!({
        "required": true,
        "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
    })
}

fn id_param(name: &str, description: &str) -> Value {
    json!({
        "name": name, "in": "path", "required": true, "description": description,
        "schema": {"type": "integer", "format": "int64", "minimum": 1}
    })
}

/// The document.
pub fn document() -> Value {
    let bearer = json!([{"bearer": []}]);
    let unauthorized = error_response("No token, or an unknown one (`error: unauthorized`).");
    let forbidden = error_response("The token's role may not do this (`error: forbidden`).");
    let not_found = error_response("No such event or game (`error: not_found`).");
    let bad = error_response(
        "The body or a parameter is malformed; `field` names the value at fault \
         (e.g. `players[2].sex`).",
    );
    let event = id_param("id", "The event's id at the desk.");
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "qiyuan 棋院 API",
            "version": "1",
            "description": "The JSON API of qiyuan: the arbiter's desk (events, rounds, results, \
                standings, rating reports) and platform point systems. Reads are public. Writes \
                need `Authorization: Bearer TOKEN` (`qiyuan token create --role admin|officer|arbiter`), \
                or a signed-in session sending its CSRF token in `X-CSRF-Token`. Roles: events are \
                created by arbiters and administrators; an event's rounds and results are changed by \
                the arbiters assigned to it (the creator is assigned) and administrators; point games \
                are posted by rating officers and administrators. Errors are JSON objects \
                (`Error`): `status`, `error` (a code), `message` (English), `message_zh` (中文) and, \
                when one value is at fault, `field`.\n\n棋院 API：裁判台（赛事、编排、成绩、排名、\
                等级分计算表）与平台积分。读取无需认证；写入需 Bearer 令牌。",
            "license": {"name": "MIT OR Apache-2.0"}
        },
        "servers": [{"url": "/"}],
        "tags": [
            {"name": "service", "description": "Health, identity, this document."},
            {"name": "desk", "description": "The arbiter's desk (裁判台)."},
            {"name": "points", "description": "Platform point systems (平台积分)."}
        ],
        "paths": {
            "/api/v1/health": {
                "get": {
                    "tags": ["service"], "operationId": "health",
                    "summary": "Whether the server is up.",
                    "responses": {"200": ok("Up.", "Health")}
                }
            },
            "/api/v1/whoami": {
                "get": {
                    "tags": ["service"], "operationId": "whoami",
                    "summary": "Who the API sees: the token's (or session's) account and role.",
                    "security": bearer,
                    "responses": {"200": ok("The caller.", "User"), "401": unauthorized}
                }
            },
            "/api/v1/openapi.json": {
                "get": {
                    "tags": ["service"], "operationId": "openapi",
                    "summary": "This OpenAPI document.",
                    "responses": {"200": {
                        "description": "The document.",
                        "content": {"application/json": {"schema": {"type": "object"}}}
                    }}
                }
            },
            "/api/v1/events": {
                "get": {
                    "tags": ["desk"], "operationId": "listEvents",
                    "summary": "Every event at the desk, newest first.",
                    "responses": {"200": ok("The events.", "EventList")}
                },
                "post": {
                    "tags": ["desk"], "operationId": "createEvent",
                    "summary": "Create an event from the event JSON (docs/event-format.md) plus optional desk `settings`.",
                    "description": "Role: arbiter (assigned to the event created; the token must belong \
                        to an account) or admin. Players keep their ids as pairing numbers. Games given are \
                        saved as complete rounds with their results. A Swiss needs `settings.rounds` \
                        unless games give its rounds.",
                    "security": bearer,
                    "requestBody": body("NewEvent"),
                    "responses": {
                        "201": ok("Created.", "Created"),
                        "400": bad, "401": unauthorized, "403": forbidden
                    }
                }
            },
            "/api/v1/events/{id}": {
                "get": {
                    "tags": ["desk"], "operationId": "getEvent",
                    "summary": "An event: settings, players, rounds with games (ids, versions) and byes.",
                    "description": "Anonymous readers, and accounts that do not run the event, see the published rounds only; the event's arbiters and admins (bearer token or session) see every round. `view` says `published` or `all`.",
                    "parameters": [event],
                    "responses": {"200": ok("The event.", "Event"), "404": not_found}
                }
            },
            "/api/v1/events/{id}/rounds": {
                "post": {
                    "tags": ["desk"], "operationId": "pairRound",
                    "summary": "Pair the next round with the event's system and save it.",
                    "description": "Role: the event's arbiter or admin. 409 while the last round has \
                        games without a result (Swiss, knockout), when every round is paired, or when \
                        someone else paired the round first. Round robins may be paired ahead.",
                    "security": bearer,
                    "parameters": [event],
                    "responses": {
                        "201": ok("The round as saved.", "SavedRound"),
                        "401": unauthorized, "403": forbidden, "404": not_found,
                        "409": error_response("A round is unfinished, or the event is fully paired (`error: round_unfinished`).")
                    }
                }
            },
            "/api/v1/events/{id}/games/{game}": {
                "put": {
                    "tags": ["desk"], "operationId": "putResult",
                    "summary": "Enter or correct a game's result.",
                    "description": "Role: the event's arbiter or admin. With `expected_version` the \
                        result is refused (409, `Conflict`) if the game changed since that version; \
                        without it the result overwrites. Posting the result already stored again \
                        succeeds with `changed: false`.",
                    "security": bearer,
                    "parameters": [event.clone(), id_param("game", "The game's id (from GET /api/v1/events/{id}).")],
                    "requestBody": body("ResultInput"),
                    "responses": {
                        "200": ok("Stored (or already so).", "ResultOutcome"),
                        "400": bad, "401": unauthorized, "403": forbidden, "404": not_found,
                        "409": ok("Someone else changed the game first: who, and the result now stored.", "Conflict")
                    }
                }
            },
            "/api/v1/events/{id}/standings": {
                "get": {
                    "tags": ["desk"], "operationId": "standings",
                    "summary": "Standings with the event's scoring and tie-break preset.",
                    "description": "Anonymous readers, and accounts that do not run the event, see the published rounds only; the event's arbiters and admins (bearer token or session) see every round. After an unpublished round: 404 (`not_published`).",
                    "parameters": [event.clone(), {
                        "name": "after_round", "in": "query", "required": false,
                        "description": "After this round (default: the last complete round).",
                        "schema": {"type": "integer", "minimum": 0}
                    }],
                    "responses": {"200": ok("The standings.", "Standings"), "400": bad, "404": not_found}
                }
            },
            "/api/v1/events/{id}/rating": {
                "get": {
                    "tags": ["desk"], "operationId": "rating",
                    "summary": "The rating report (等级分计算表) of the event, every intermediate value.",
                    "description": "Anonymous readers, and accounts that do not run the event, see the published rounds only; the event's arbiters and admins (bearer token or session) see every round.",
                    "parameters": [event.clone(), {
                        "name": "profile", "in": "query", "required": false,
                        "description": "Rating profile (cxa-2019, fide-2024, …); default: the event's.",
                        "schema": {"type": "string"}
                    }],
                    "responses": {"200": ok("The report.", "RatingReport"), "400": bad, "404": not_found}
                }
            },
            "/api/v1/points/{system}": {
                "post": {
                    "tags": ["points"], "operationId": "postPointsGame",
                    "summary": "Apply one platform game; both players' new points out.",
                    "description": "Role: officer or admin. Idempotent by game id within a system: a \
                        game id applied before gets the stored answer again (header \
                        `X-Qiyuan-Replayed: true`) and changes nothing. Answered once committed to disk.",
                    "security": bearer,
                    "parameters": [{
                        "name": "system", "in": "path", "required": true,
                        "description": "A built-in point system (as `qiyuan points --system`) or `glicko2`.",
                        "schema": {"type": "string"}
                    }],
                    "requestBody": body("PointsGame"),
                    "responses": {
                        "200": {
                            "description": "Applied (or replayed).",
                            "headers": {"X-Qiyuan-Replayed": {"schema": {"type": "string", "enum": ["true", "false"]}}},
                            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PointsOutcome"}}}
                        },
                        "400": bad, "401": unauthorized, "403": forbidden,
                        "404": error_response("Unknown point system (`error: unknown_system`)."),
                        "422": error_response("The system refused the game (`error: rejected`)."),
                        "503": error_response("Not stored; posting again is safe (`error: not_stored`).")
                    }
                }
            }
        },
        "components": {
            "securitySchemes": {
                "bearer": {
                    "type": "http", "scheme": "bearer",
                    "description": "A token from `qiyuan token create --role admin|officer|arbiter`."
                }
            },
            "schemas": schemas()
        }
    })
}

fn schemas() -> Value {
    let result_text = json!({
        "type": "string",
        "enum": ["pending", "1-0", "1/2-1/2", "0-1", "+-", "-+", "--"]
    });
    let decimal = json!({
        "description": "An exact decimal, as a string (e.g. \"2450.5\").",
        "type": "string"
    });
    let mut m = serde_json::Map::new();
    m.insert("Error".into(), json!({
        "type": "object",
        "required": ["status", "error", "message"],
        "properties": {
            "status": {"type": "integer"},
            "error": {"type": "string", "description": "A short code: unauthorized, forbidden, not_found, invalid_body, invalid_event, invalid_settings, invalid_player, desk, rating, missing_profile, round_unfinished, conflict, unknown_system, rejected, not_stored, unsupported_media_type, payload_too_large, internal."},
            "message": {"type": "string"},
            "message_zh": {"type": "string"},
            "field": {"type": "string", "description": "Path of the value at fault: `players[0].rating`, `settings.rounds`, `result`."}
        }
    }));
    m.insert("Conflict".into(), json!({
        "allOf": [{"$ref": "#/components/schemas/Error"}, {
            "type": "object",
            "required": ["game", "changed_by", "current_result", "current_version", "expected_version"],
            "properties": {
                "game": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "integer"}, "round": {"type": "integer"}, "board": {"type": "integer"},
                        "white": {"type": "string"}, "black": {"type": "string"}
                    }
                },
                "changed_by": {"type": "string"},
                "current_result": {"type": "string"},
                "current_version": {"type": "integer"},
                "expected_version": {"type": "integer"}
            }
        }]
    }));
    m.insert(
        "Health".into(),
        json!({"type": "object", "properties": {"status": {"type": "string", "const": "ok"}}}),
    );
    m.insert(
        "User".into(),
        json!({
            "type": "object",
            "properties": {
                "id": {"type": "integer", "description": "0 for a token without an account."},
                "username": {"type": "string"},
                "role": {"type": "string", "enum": ["admin", "officer", "arbiter"]}
            }
        }),
    );
    m.insert(
        "EventFilePlayer".into(),
        json!({
            "type": "object", "additionalProperties": false,
            "required": ["id", "name", "sex"],
            "properties": {
                "id": {"type": "integer", "minimum": 1},
                "name": {"type": "string"},
                "sex": {"type": "string", "enum": ["m", "f"]},
                "rating": {"type": ["number", "null"], "description": "Whole numbers at the desk."},
                "title": {"type": "string"},
                "rated_games": {"type": "integer", "minimum": 0},
                "rated_events": {"type": "integer", "minimum": 0},
                "ever_reached": {"type": ["number", "null"]},
                "birth_year": {"type": "integer"},
                "rank": {"type": "integer"},
                "unit": {"type": "string"}
            }
        }),
    );
    m.insert("EventFileGame".into(), json!({
        "type": "object", "additionalProperties": false,
        "required": ["round", "result"],
        "properties": {
            "round": {"type": "integer", "minimum": 1},
            "white": {"type": "integer"},
            "red": {"type": "integer", "description": "Another name for `white`."},
            "black": {"type": ["integer", "null"]},
            "result": {"type": "string", "enum": ["1-0", "0-1", "1/2-1/2", "½-½", "+-", "-+", "--", "bye", "full-bye", "half-bye", "zero-bye"]}
        }
    }));
    m.insert("Settings".into(), json!({
        "type": "object", "additionalProperties": false,
        "description": "Desk settings not in the event file; all optional.",
        "properties": {
            "system": {"description": "Overrides the file's system.", "oneOf": [
                {"type": "object", "properties": {"swiss": {"type": "object", "properties": {
                    "edition": {"type": "string", "enum": ["2026", "2017"]},
                    "acceleration": {"type": "boolean"}}}}},
                {"type": "object", "description": "`round_robin`, the spelling before 2026-12, is read too.", "properties": {"round-robin": {"type": "object", "properties": {
                    "cycles": {"type": "integer", "minimum": 1, "maximum": 4}}}}},
                {"type": "object", "properties": {"knockout": {"type": "object", "properties": {
                    "games_per_match": {"type": "integer", "minimum": 1, "maximum": 8},
                    "armageddon": {"type": "boolean"}}}}}
            ]},
            "rounds": {"type": "integer", "minimum": 1},
            "scoring": {"description": "\"1-0.5-0\", \"2-1-0\", \"3-1-0\" or {\"custom\": {...}}."},
            "name_order": {"type": "string", "enum": ["pinyin", "stroke"], "description": "The order of the lists by name and of names in the seeding: pinyin (default) or strokes (笔画)."},
            "result_wording": {"type": "string", "enum": ["words", "scores"], "description": "How results are written (象棋竞赛规则): words, 红胜 / 和 / 黑胜 (default), or scores, 2:0 / 1:1 / 0:2 (xiangqi with 2-1-0 scoring only)."},
            "tiebreaks": {"type": "string", "description": "fide-swiss, fide-rr, xiangqi-rr, xiangqi-drr, xiangqi-swiss-bh, xiangqi-swiss-ps."},
            "rating_profile": {"type": "string"},
            "initial_colour": {"type": "string", "enum": ["white", "black"], "description": "The colour of the top player on board 1 in round 1 (white: red in xiangqi). White and Black, the spelling before 2026-12, are read too."},
            "round_dates": {"type": "array", "items": {"type": "string", "format": "date"}},
            "place": {"type": "string"},
            "chief_arbiter": {"type": "string"},
            "arbiters": {"type": "array", "items": {"type": "string"}},
            "public_birth_year": {"type": "boolean", "description": "Show each player's year of birth to the public (default false)."}
        }
    }));
    m.insert("NewEvent".into(), json!({
        "type": "object", "additionalProperties": false,
        "required": ["name", "game", "system", "players", "games"],
        "description": "The event JSON of docs/event-format.md plus `settings`.",
        "properties": {
            "name": {"type": "string"},
            "game": {"type": "string", "enum": ["xiangqi", "chess"]},
            "system": {"type": "string", "enum": ["swiss", "round-robin", "double-round-robin", "knockout"]},
            "start": {"type": "string", "format": "date"},
            "end": {"type": "string", "format": "date"},
            "players": {"type": "array", "items": {"$ref": "#/components/schemas/EventFilePlayer"}},
            "games": {"type": "array", "items": {"$ref": "#/components/schemas/EventFileGame"}},
            "settings": {"$ref": "#/components/schemas/Settings"}
        }
    }));
    m.insert(
        "Created".into(),
        json!({
            "type": "object",
            "properties": {
                "id": {"type": "integer"},
                "url": {"type": "string"},
                "settings": {"type": "object"},
                "players": {"type": "integer"},
                "rounds_saved": {"type": "integer"},
                "notes": {"type": "array", "items": {"type": "string"}},
                "notes_zh": {"type": "array", "items": {"type": "string"}}
            }
        }),
    );
    m.insert("EventList".into(), json!({
        "type": "object",
        "properties": {"events": {"type": "array", "items": {
            "type": "object",
            "properties": {
                "id": {"type": "integer"}, "name": {"type": "string"}, "settings": {"type": "object"},
                "status": {"type": "string", "enum": ["registration", "running", "finished"]},
                "players": {"type": "integer"}, "rounds_paired": {"type": "integer"},
                "total_rounds": {"type": "integer"},
                "created_at": {"type": "string"}, "updated_at": {"type": "string"}
            }
        }}}
    }));
    m.insert("Game".into(), json!({
        "type": "object",
        "properties": {
            "id": {"type": "integer"}, "round": {"type": "integer"}, "board": {"type": "integer"},
            "white": {"type": "integer"}, "black": {"type": "integer"},
            "result": result_text,
            "version": {"type": "integer"},
            "updated_by": {"type": ["string", "null"]},
            "updated_at": {"type": ["string", "null"]}
        }
    }));
    m.insert("Bye".into(), json!({
        "type": "object",
        "properties": {
            "player": {"type": "integer"},
            "kind": {"type": "string", "enum": ["bye", "full-bye", "half-bye", "zero-bye", "absent"]}
        }
    }));
    m.insert("Event".into(), json!({
        "type": "object",
        "properties": {
            "id": {"type": "integer"}, "name": {"type": "string"}, "status": {"type": "string"},
            "created_at": {"type": "string"}, "updated_at": {"type": "string"},
            "settings": {"type": "object"},
            "view": {"type": "string", "enum": ["published", "all"]},
            "rounds_paired": {"type": "integer"}, "total_rounds": {"type": "integer"},
            "last_complete_round": {"type": "integer"},
            "players": {"type": "array", "items": {"type": "object", "properties": {
                "id": {"type": "integer"}, "info": {"type": "object", "description": "The player's data. Readers who do not run the event get no `birth` and no `national_id`; `birth_year` only when the settings' `public_birth_year` is on."},
                "first_round": {"type": "integer"}, "withdrawn_after": {"type": ["integer", "null"]}
            }}},
            "rounds": {"type": "array", "items": {"type": "object", "properties": {
                "round": {"type": "integer"}, "published": {"type": "boolean"},
                "games": {"type": "array", "items": {"$ref": "#/components/schemas/Game"}},
                "byes": {"type": "array", "items": {"$ref": "#/components/schemas/Bye"}}
            }}}
        }
    }));
    m.insert(
        "SavedRound".into(),
        json!({
            "type": "object",
            "properties": {
                "round": {"type": "integer"},
                "games": {"type": "array", "items": {"$ref": "#/components/schemas/Game"}},
                "byes": {"type": "array", "items": {"$ref": "#/components/schemas/Bye"}},
                "warnings": {"type": "array", "items": {"type": "object", "properties": {
                    "message": {"type": "string"}, "message_zh": {"type": "string"}}}}
            }
        }),
    );
    m.insert("ResultInput".into(), json!({
        "type": "object", "additionalProperties": false,
        "required": ["result"],
        "properties": {
            "result": {"type": "string", "enum": ["1-0", "0-1", "1/2-1/2", "½-½", "+-", "-+", "--"]},
            "expected_version": {"type": "integer", "description": "The version read; 409 if the game changed since."}
        }
    }));
    m.insert("ResultOutcome".into(), json!({
        "type": "object",
        "properties": {
            "game": {"$ref": "#/components/schemas/Game"},
            "previous": result_text,
            "changed": {"type": "boolean", "description": "false: the same result was posted again."}
        }
    }));
    m.insert("Standings".into(), json!({
        "type": "object",
        "properties": {
            "after_round": {"type": "integer"},
            "tiebreaks": {"type": "array", "items": {"type": "string"}},
            "tiebreak_names_en": {"type": "array", "items": {"type": "string"}},
            "tiebreak_names_zh": {"type": "array", "items": {"type": "string"}},
            "tiebreak_notes_en": {"type": "array", "items": {"type": "string"}, "description": "What the legend says of a column's figures beyond its name (DE: the points among the tied, C.07 art. 6); empty for the others."},
            "tiebreak_notes_zh": {"type": "array", "items": {"type": "string"}},
            "lines": {"type": "array", "items": {"type": "object", "properties": {
                "rank": {"type": "integer"}, "player": {"type": "integer"}, "name": {"type": "string"},
                "rating": {"type": ["integer", "null"]}, "title": {"type": ["string", "null"]},
                "club": {"type": ["string", "null"]},
                "points": decimal,
                "values": {"type": "array", "items": {"oneOf": [decimal, {"type": "null"}]}, "description": "The keys the ranking sorted by; DE's is the place inside the tied group."},
                "shown": {"type": "array", "description": "The figures as tables print them: DE shows the points among the tied (C.07 6.1), `marked` where they do not give the order (6.2, 6.3).", "items": {"type": "object", "properties": {
                    "value": {"oneOf": [decimal, {"type": "null"}]}, "marked": {"type": "boolean"}
                }}}
            }}},
            "groups": {"type": "array", "description": "Only for an event with groups (组别): each group's standings, its players ranked among themselves (the pages and exports rank a grouped event this way; `lines` ranks the whole field).", "items": {"type": "object", "properties": {
                "group": {"type": "string"}, "table": {"$ref": "#/components/schemas/Standings"}
            }}}
        }
    }));
    m.insert("RatingReport".into(), json!({
        "type": "object",
        "description": "qiyuan_rating::event::EventReport: per player the rating used (Ro), opponents' average (Ra), difference (D), expected fraction (P), players (N/M), expected score (We), score (W), K, change (ΔR), rating after, performance, flags.",
        "properties": {
            "event": {"type": "string"}, "profile": {"type": "string"}, "profile_title": {"type": "string"},
            "system": {"type": "string"}, "formula": {},
            "champion": {"type": ["integer", "null"]},
            "unrated_share": decimal,
            "notes": {"type": "array", "items": {"type": "string"}},
            "warnings": {"type": "array", "items": {"type": "string"}},
            "players": {"type": "array", "items": {"type": "object", "properties": {
                "id": {"type": "integer"}, "name": {"type": "string"},
                "rating_before": {}, "rating_used": decimal,
                "opponents_average": {}, "difference": {}, "expected_fraction": {},
                "expected_score": {}, "score": decimal, "k": {"type": ["integer", "null"]},
                "change": {}, "rating_after": {}, "performance": {}
            }}}
        }
    }));
    m.insert(
        "PointsGame".into(),
        json!({
            "type": "object",
            "required": ["id", "black", "result"],
            "description": "One line of `qiyuan points` input. Give `white` or `red`.",
            "properties": {
                "id": {"type": ["string", "integer"], "description": "Unique within the system."},
                "white": {"type": ["string", "integer"], "description": "A player id; 5 and \"5\" are the same player."},
                "red": {"type": ["string", "integer"]},
                "black": {"type": ["string", "integer"]},
                "result": {"type": "string", "enum": ["1-0", "0-1", "1/2-1/2", "½-½", "+-", "-+"]},
                "plies": {"type": "integer", "minimum": 0},
                "draw_offer": {"type": "string", "enum": ["white", "red", "black"], "description": "For a draw: who offered it (天天象棋, system tiantian-xiangqi: the offerer of a draw between close players loses points)."}
            }
        }),
    );
    m.insert("PointsOutcome".into(), json!({
        "type": "object",
        "description": "One line of `qiyuan points` output; exact decimals as JSON numbers.",
        "properties": {
            "id": {"type": "string"},
            "scored": {"type": "boolean"},
            "white_change": {"type": "number"}, "black_change": {"type": "number"},
            "white_points": {"type": "number"}, "black_points": {"type": "number"},
            "white_level": {"type": ["string", "null"]}, "black_level": {"type": ["string", "null"]},
            "white_rd": {"type": "number"}, "black_rd": {"type": "number"},
            "white_volatility": {"type": "number"}, "black_volatility": {"type": "number"}
        }
    }));
    Value::Object(m)
}
