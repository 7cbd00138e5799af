//! The pages of the foundation: home, sign in/out, first-run set-up,
//! accounts, the language switch, and `GET /api/v1/health` and
//! `GET /api/v1/whoami`.

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::{Extension, Form, Json, Router};
use maud::{Markup, html};
use serde::Deserialize;

use crate::AppState;
use crate::auth::{
    ApiCaller, Role, SignedIn, User, Viewer, hash_password_async, require_role,
    verify_password_async,
};
use crate::credentials::{MIN_PASSWORD, check_password, normalize_username, username_key};
use crate::error::AppError;
use crate::guard::ClientAddr;
use crate::i18n::Lang;
use crate::layout::{csrf_field, page};
use qiyuan_store::accounts::AccountChange;
use qiyuan_store::security::{SecurityEntry, SecurityEvent};

use crate::session::{
    LANG_COOKIE, SESSION_COOKIE, SessionId, ensure_session, set_cookie, start_session,
};

pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(home))
        .route("/login", get(login_form).post(login))
        .route("/logout", axum::routing::post(logout))
        .route("/setup", get(setup_form).post(setup))
        .route("/admin/users", get(users_page).post(users_post))
        .route("/account/password", get(password_page).post(password_post))
        .route("/lang/{code}", get(switch_lang))
        .route("/api/v1/health", get(health))
        .route("/api/v1/whoami", get(whoami))
}

/// Where to go after a form: only a path of this site (never `//host`),
/// printable ASCII only (a header value; paths arrive percent-encoded).
fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n)
            if n.starts_with('/')
                && !n.starts_with("//")
                && !n.contains('\\')
                && n.bytes().all(|b| b.is_ascii_graphic()) =>
        {
            n.to_string()
        }
        _ => "/".to_string(),
    }
}

async fn home(State(state): State<AppState>, viewer: Viewer) -> Result<Markup, AppError> {
    let no_users = state.store.user_count().await? == 0;
    let l = viewer.lang;
    Ok(page(
        &viewer,
        l.t("Home", "首页"),
        html! {
            h1 { "棋院 qiyuan" }
            p { (l.t(
                "The rating office and tournament desk for xiangqi and chess.",
                "象棋与国际象棋的等级分管理与竞赛编排系统。"
            )) }
            @if no_users {
                p.warning {
                    (l.t("No administrator yet: ", "尚未设置管理员："))
                    a href="/setup" { (l.t("create one", "立即创建")) }
                }
            }
            (crate::public::search::search_form(&viewer, ""))
            div.cards {
                div.card {
                    h2 { a href="/events" { (l.t("Events", "赛事")) } }
                    p { (l.t("Pairings, results, standings and crosstables.", "对阵、成绩、排名与交叉表。")) }
                }
                div.card {
                    h2 { a href="/lists" { (l.t("Rating lists", "等级分名单")) } }
                    p { (l.t("Published lists and every player's rating history.", "已发布的等级分名单与棋手等级分历史。")) }
                }
                @if viewer.user.is_some() {
                    div.card {
                        h2 { a href="/desk" { (l.t("Arbiter's desk", "裁判台")) } }
                        p { (l.t("Run your events: players, rounds, results.", "管理赛事：棋手、编排、成绩录入。")) }
                    }
                }
                @if viewer.user.as_ref().is_some_and(|u| matches!(u.role, Role::Admin | Role::Officer)) {
                    div.card {
                        h2 { a href="/office" { (l.t("Rating office", "等级分管理")) } }
                        p { (l.t("Imports, rating periods, publication.", "导入、等级分周期计算与发布。")) }
                    }
                }
            }
        },
    ))
}

#[derive(Debug, Deserialize)]
struct NextQuery {
    next: Option<String>,
}

fn login_markup(viewer: &Viewer, next: &str, username: &str, error: Option<&str>) -> Markup {
    let l = viewer.lang;
    page(
        viewer,
        l.t("Sign in", "登录"),
        html! {
            h1 { (l.t("Sign in", "登录")) }
            @if let Some(e) = error { p.error role="alert" { (e) } }
            form.stack method="post" action="/login" {
                (csrf_field(viewer))
                input type="hidden" name="next" value=(next);
                label { (l.t("Username", "用户名"))
                    input type="text" name="username" value=(username) required autocomplete="username" autofocus; }
                label { (l.t("Password", "密码"))
                    input type="password" name="password" required autocomplete="current-password"; }
                button type="submit" { (l.t("Sign in", "登录")) }
            }
        },
    )
}

async fn login_form(
    State(state): State<AppState>,
    mut viewer: Viewer,
    Query(q): Query<NextQuery>,
) -> Result<Response, AppError> {
    if state.store.user_count().await? == 0 {
        return Ok(Redirect::to("/setup").into_response());
    }
    let cookie = ensure_session(&state, &mut viewer).await?;
    let next = safe_next(q.next.as_deref());
    Ok(with_cookie(
        login_markup(&viewer, &next, "", None).into_response(),
        cookie,
    ))
}

/// Adds a `Set-Cookie` (a session just started for this form) to a response.
fn with_cookie(mut resp: Response, cookie: Option<HeaderValue>) -> Response {
    if let Some(c) = cookie {
        resp.headers_mut().append(header::SET_COOKIE, c);
    }
    resp
}

#[derive(Debug, Deserialize)]
struct LoginForm {
    username: String,
    password: String,
    next: Option<String>,
}

/// `POST /login`. Throttled per account and per address
/// ([`crate::guard::Throttle`]: 429 with `Retry-After` once the allowance
/// of failures is spent, without checking the password); at most
/// [`crate::ServeLimits::concurrent_sign_ins`] password checks at once.
async fn login(
    State(state): State<AppState>,
    viewer: Viewer,
    session: Option<Extension<SessionId>>,
    ClientAddr(addr): ClientAddr,
    Form(form): Form<LoginForm>,
) -> Result<Response, AppError> {
    let next = safe_next(form.next.as_deref());
    let username = normalize_username(&form.username)
        .unwrap_or_else(|_| form.username.trim().chars().take(64).collect());
    let user_key = format!("user:{}", username_key(&username));
    let addr_key = format!("addr:{}", addr.as_deref().unwrap_or("unknown"));
    let keys = [user_key.as_str(), addr_key.as_str()];
    let throttle = &state.guard.throttle;
    if let Some(wait) = throttle.wait(&keys, std::time::Instant::now()) {
        return Err(AppError::TooManyAttempts(wait.as_secs_f64().ceil() as u64));
    }
    let found = state.store.user_by_name(&username).await?;
    let hash = found.as_ref().map(|(_, h)| h.clone());
    let ok = {
        let _turn = state.guard.sign_in_slot().await?;
        form.password.len() <= crate::credentials::MAX_PASSWORD_BYTES
            && verify_password_async(hash, form.password).await
    };
    let log = |kind: SecurityEvent, detail: String| {
        let store = state.store.clone();
        let username = username.clone();
        let addr = addr.clone();
        async move {
            store
                .log_security(&SecurityEntry {
                    kind,
                    username: Some(&username),
                    actor: None,
                    address: addr.as_deref(),
                    detail: &detail,
                })
                .await
        }
    };
    let account = match (ok, found) {
        (true, Some((account, _))) if account.disabled => {
            // Told only to someone who knows the password.
            log(SecurityEvent::SignInDisabled, String::new()).await?;
            let msg = viewer.t(
                "This account is disabled. Ask an administrator.",
                "该账号已被停用，请联系管理员。",
            );
            let mut resp = login_markup(&viewer, &next, &username, Some(msg)).into_response();
            *resp.status_mut() = axum::http::StatusCode::FORBIDDEN;
            return Ok(resp);
        }
        (true, Some((account, _))) => {
            throttle.succeeded(&[user_key.as_str()]);
            account
        }
        _ => {
            let now = std::time::Instant::now();
            throttle.failed(&keys, now);
            log(SecurityEvent::SignInFailed, String::new()).await?;
            // The attempt that spends the allowance is logged once; the
            // refusals that follow are answered 429 unlogged (a flood must
            // not become a flood of writes).
            if let Some(wait) = throttle.wait(&keys, now) {
                let secs = wait.as_secs_f64().ceil();
                log(
                    SecurityEvent::SignInThrottled,
                    serde_json::json!({ "refused_for_secs": secs }).to_string(),
                )
                .await?;
            }
            let msg = viewer.t("Wrong username or password.", "用户名或密码错误。");
            let mut resp = login_markup(&viewer, &next, &username, Some(msg)).into_response();
            *resp.status_mut() = axum::http::StatusCode::UNAUTHORIZED;
            return Ok(resp);
        }
    };
    log(SecurityEvent::SignIn, String::new()).await?;
    // A new session id on sign-in (no session fixation).
    if let Some(Extension(SessionId(old))) = session {
        state.store.delete_session(&old).await?;
    }
    let cookie = start_session(&state, Some(account.id), Some(viewer.lang)).await?;
    Ok(redirect_with_cookie(&next, cookie))
}

fn redirect_with_cookie(to: &str, cookie: HeaderValue) -> Response {
    let mut resp = Redirect::to(to).into_response();
    resp.headers_mut().append(header::SET_COOKIE, cookie);
    resp
}

async fn logout(
    State(state): State<AppState>,
    session: Option<Extension<SessionId>>,
) -> Result<Response, AppError> {
    if let Some(Extension(SessionId(id))) = session {
        state.store.delete_session(&id).await?;
    }
    Ok(redirect_with_cookie(
        "/",
        set_cookie(&state, SESSION_COOKIE, "", 0),
    ))
}

fn setup_markup(viewer: &Viewer, username: &str, error: Option<&str>) -> Markup {
    let l = viewer.lang;
    page(
        viewer,
        l.t(
            "First run: create the administrator",
            "首次运行：创建管理员",
        ),
        html! {
            h1 { (l.t("First run: create the administrator", "首次运行：创建管理员")) }
            p { (l.t(
                "No account exists yet. The administrator creates the accounts of rating officers and arbiters.",
                "系统中还没有任何账号。管理员负责为等级分管理员和裁判创建账号。"
            )) }
            @if let Some(e) = error { p.error role="alert" { (e) } }
            form.stack method="post" action="/setup" {
                (csrf_field(viewer))
                label { (l.t("Username", "用户名"))
                    input type="text" name="username" value=(username) required autocomplete="username"; }
                label { (l.t("Password (at least 8 characters)", "密码（至少 8 个字符）"))
                    input type="password" name="password" required minlength=(MIN_PASSWORD) autocomplete="new-password"; }
                label { (l.t("Password again", "再次输入密码"))
                    input type="password" name="password2" required minlength=(MIN_PASSWORD) autocomplete="new-password"; }
                button type="submit" { (l.t("Create administrator", "创建管理员")) }
            }
        },
    )
}

async fn setup_form(
    State(state): State<AppState>,
    mut viewer: Viewer,
) -> Result<Response, AppError> {
    if state.store.user_count().await? > 0 {
        return Ok(Redirect::to("/login").into_response());
    }
    let cookie = ensure_session(&state, &mut viewer).await?;
    Ok(with_cookie(
        setup_markup(&viewer, "", None).into_response(),
        cookie,
    ))
}

#[derive(Debug, Deserialize)]
struct SetupForm {
    username: String,
    password: String,
    password2: String,
}

/// Checks a new account's name and password (see [`crate::credentials`]);
/// answers the name as stored, or what is wrong in the visitor's language.
fn check_new_account(
    lang: Lang,
    username: &str,
    password: &str,
    again: Option<&str>,
) -> Result<String, String> {
    let said = |r: crate::credentials::Refusal| lang.pick(r.en, r.zh);
    let username = normalize_username(username).map_err(said)?;
    check_password(&username, password).map_err(said)?;
    if again.is_some_and(|a| a != password) {
        return Err(lang
            .t("The two passwords differ.", "两次输入的密码不一致。")
            .into());
    }
    Ok(username)
}

async fn setup(
    State(state): State<AppState>,
    viewer: Viewer,
    session: Option<Extension<SessionId>>,
    ClientAddr(addr): ClientAddr,
    Form(form): Form<SetupForm>,
) -> Result<Response, AppError> {
    if state.store.user_count().await? > 0 {
        return Err(AppError::Forbidden);
    }
    let username = match check_new_account(
        viewer.lang,
        &form.username,
        &form.password,
        Some(&form.password2),
    ) {
        Ok(name) => name,
        Err(msg) => {
            let mut resp = setup_markup(&viewer, form.username.trim(), Some(&msg)).into_response();
            *resp.status_mut() = axum::http::StatusCode::BAD_REQUEST;
            return Ok(resp);
        }
    };
    let hash = hash_password_async(form.password).await?;
    let Some(account) = state.store.create_first_admin(&username, &hash).await? else {
        return Err(AppError::Conflict(
            viewer
                .t(
                    "An administrator was created meanwhile: sign in instead.",
                    "管理员已被创建，请直接登录。",
                )
                .into(),
        ));
    };
    state
        .store
        .log_security(&SecurityEntry {
            kind: SecurityEvent::FirstAdministrator,
            username: Some(&account.username),
            actor: None,
            address: addr.as_deref(),
            detail: "",
        })
        .await?;
    if let Some(Extension(SessionId(old))) = session {
        state.store.delete_session(&old).await?;
    }
    let cookie = start_session(&state, Some(account.id), Some(viewer.lang)).await?;
    Ok(redirect_with_cookie("/", cookie))
}

async fn users_markup(
    state: &AppState,
    viewer: &Viewer,
    message: Option<Result<String, String>>,
) -> Result<Markup, AppError> {
    let l = viewer.lang;
    let users = state.store.users().await?;
    let assignments = state.store.event_arbiters().await?;
    let security = state.store.security_log(100).await?;
    let role_name = |r: Role| role_name(l, r);
    Ok(page(
        viewer,
        l.t("Users", "用户管理"),
        html! {
            h1 { (l.t("Users", "用户管理")) }
            @match &message {
                Some(Ok(m)) => p.notice role="status" { (m) },
                Some(Err(m)) => p.error role="alert" { (m) },
                None => {},
            }
            div.table-wrap { table {
                thead { tr {
                    th.num { "#" } th { (l.t("Username", "用户名")) }
                    th { (l.t("Role", "角色")) } th { (l.t("Status", "状态")) }
                    th { (l.t("Created", "创建时间")) }
                    th { (l.t("Events (arbiter)", "裁判赛事")) }
                } }
                tbody { @for u in &users { tr {
                    td.num { (u.id) } td { (u.username) } td { (role_name(u.role)) }
                    td { @if u.disabled { (l.t("disabled", "已停用")) } @else { (l.t("active", "正常")) } }
                    td { (u.created) }
                    td { @for a in assignments.iter().filter(|a| a.user.id == u.id) {
                        a href={ "/desk/events/" (a.event_id) } { "#" (a.event_id) } " "
                    } }
                } } }
            } }
            h2 { (l.t("Change an account", "修改账号")) }
            p { (l.t(
                "Disabling an account, changing its role or setting its password signs it out everywhere. The last active administrator cannot be disabled or lose the role.",
                "停用账号、更改角色或重设密码后，该账号的所有会话立即结束。最后一名正常的管理员不能被停用，也不能改为其他角色。"
            )) }
            form.stack method="post" action="/admin/users" {
                (csrf_field(viewer))
                label { (l.t("Username", "用户名")) input type="text" name="username" required; }
                label { (l.t("New role", "新角色"))
                    select name="role" {
                        option value="arbiter" { (role_name(Role::Arbiter)) }
                        option value="officer" { (role_name(Role::Officer)) }
                        option value="admin" { (role_name(Role::Admin)) }
                    }
                }
                label { (l.t("New password (at least 8 characters)", "新密码（至少 8 个字符）"))
                    input type="password" name="password" minlength=(MIN_PASSWORD) autocomplete="new-password"; }
                div {
                    button type="submit" name="action" value="role" { (l.t("Change role", "更改角色")) }
                    " "
                    button type="submit" name="action" value="reset" { (l.t("Set password", "重设密码")) }
                    " "
                    button.secondary type="submit" name="action" value="disable" { (l.t("Disable", "停用")) }
                    " "
                    button.secondary type="submit" name="action" value="enable" { (l.t("Enable", "启用")) }
                }
            }
            h2 { (l.t("New account", "新建账号")) }
            form.stack method="post" action="/admin/users" {
                (csrf_field(viewer))
                input type="hidden" name="action" value="create";
                label { (l.t("Username", "用户名")) input type="text" name="username" required; }
                label { (l.t("Password (at least 8 characters)", "密码（至少 8 个字符）"))
                    input type="password" name="password" required minlength=(MIN_PASSWORD) autocomplete="new-password"; }
                label { (l.t("Role", "角色"))
                    select name="role" {
                        option value="arbiter" { (role_name(Role::Arbiter)) }
                        option value="officer" { (role_name(Role::Officer)) }
                        option value="admin" { (role_name(Role::Admin)) }
                    }
                }
                button type="submit" { (l.t("Create", "创建")) }
            }
            h2 { (l.t("Arbiters of events", "赛事裁判")) }
            form.stack method="post" action="/admin/users" {
                (csrf_field(viewer))
                label { (l.t("Arbiter (username)", "裁判（用户名）")) input type="text" name="username" required; }
                label { (l.t("Event id", "赛事编号")) input type="number" name="event_id" min="1" required; }
                div {
                    button type="submit" name="action" value="assign" { (l.t("Assign", "指派")) }
                    " "
                    button.secondary type="submit" name="action" value="unassign" { (l.t("Remove", "撤销")) }
                }
            }
            h2 { (l.t("Security log (latest 100)", "安全日志（最近 100 条）")) }
            div.table-wrap { table {
                thead { tr {
                    th { (l.t("Time", "时间")) } th { (l.t("Event", "事件")) }
                    th { (l.t("Account", "账号")) } th { (l.t("By", "操作人")) }
                    th { (l.t("Address", "地址")) } th { (l.t("Details", "详情")) }
                } }
                tbody { @for e in &security { tr {
                    td { (crate::layout::local_time(&e.at, state.config.utc_offset_minutes)) }
                    td { (SecurityEvent::from_code(&e.kind).map_or(e.kind.as_str(), |k| security_event_name(l, k))) }
                    td { (e.username.as_deref().unwrap_or("")) }
                    td { (e.actor.as_deref().unwrap_or("")) }
                    td { (e.address.as_deref().unwrap_or("")) }
                    td { (security_detail(l, &e.detail)) }
                } } }
            } }
        },
    ))
}

/// A security entry's details in the reader's language, from the fields
/// the store keeps (see `qiyuan_store::security::SecurityEntry::detail`).
fn security_detail(l: Lang, detail: &str) -> String {
    let Ok(serde_json::Value::Object(d)) = serde_json::from_str::<serde_json::Value>(detail) else {
        return detail.to_string();
    };
    let role = |key: &str| {
        d.get(key)
            .and_then(|v| v.as_str())
            .and_then(|r| r.parse::<Role>().ok())
            .map(|r| role_name(l, r))
    };
    let mut parts = Vec::new();
    if let (Some(from), Some(to)) = (role("from"), role("to")) {
        parts.push(format!("{from} → {to}"));
    }
    if let Some(r) = role("role") {
        parts.push(l.pick(format!("role {r}"), format!("角色 {r}")));
    }
    if let Some(e) = d.get("event").and_then(|v| v.as_i64()) {
        parts.push(l.pick(format!("event #{e}"), format!("赛事 #{e}")));
    }
    if let Some(t) = d.get("token").and_then(|v| v.as_i64()) {
        parts.push(l.pick(format!("token #{t}"), format!("令牌 #{t}")));
    }
    if let Some(r) = d.get("request").and_then(|v| v.as_str()) {
        parts.push(r.to_string());
    }
    if let Some(label) = d.get("label").and_then(|v| v.as_str()) {
        parts.push(l.pick(format!("label {label}"), format!("备注 {label}")));
    }
    match d.get("days").and_then(|v| v.as_u64()) {
        Some(n) => parts.push(l.pick(format!("valid {n} days"), format!("有效期 {n} 天"))),
        None if d.contains_key("days") => {
            parts.push(l.t("valid until revoked", "吊销前一直有效").to_string())
        }
        None => {}
    }
    if let Some(n) = d.get("refused_for_secs").and_then(|v| v.as_f64()) {
        parts.push(l.pick(
            format!("further attempts refused for {n} s"),
            format!("{n} 秒内不再接受尝试"),
        ));
    }
    parts.join(l.t("; ", "；"))
}

/// A role's name in the reader's language.
fn role_name(l: Lang, r: Role) -> &'static str {
    match r {
        Role::Admin => l.t("administrator", "管理员"),
        Role::Officer => l.t("rating officer", "等级分管理员"),
        Role::Arbiter => l.t("arbiter", "裁判"),
    }
}

/// A security event's name in the reader's language.
fn security_event_name(l: Lang, kind: SecurityEvent) -> &'static str {
    match kind {
        SecurityEvent::SignIn => l.t("signed in", "登录"),
        SecurityEvent::SignInFailed => l.t("sign-in failed", "登录失败"),
        SecurityEvent::SignInThrottled => l.t("sign-in throttled", "登录受限"),
        SecurityEvent::SignInDisabled => l.t("sign-in to a disabled account", "停用账号尝试登录"),
        SecurityEvent::FirstAdministrator => l.t("first administrator created", "创建首位管理员"),
        SecurityEvent::AccountCreated => l.t("account created", "创建账号"),
        SecurityEvent::AccountDisabled => l.t("account disabled", "停用账号"),
        SecurityEvent::AccountEnabled => l.t("account enabled", "启用账号"),
        SecurityEvent::RoleChanged => l.t("role changed", "更改角色"),
        SecurityEvent::PasswordChanged => l.t("password changed", "修改密码"),
        SecurityEvent::PasswordReset => l.t("password set by an administrator", "管理员重设密码"),
        SecurityEvent::ArbiterAssigned => l.t("arbiter assigned", "指派裁判"),
        SecurityEvent::ArbiterUnassigned => l.t("arbiter removed", "撤销裁判"),
        SecurityEvent::TokenCreated => l.t("API token created", "创建 API 令牌"),
        SecurityEvent::TokenRevoked => l.t("API token revoked", "吊销 API 令牌"),
        SecurityEvent::TokenWrite => l.t("API token used to write", "API 令牌写入"),
    }
}

async fn users_page(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
) -> Result<Markup, AppError> {
    require_role(&user, &[Role::Admin])?;
    users_markup(&state, &viewer, None).await
}

#[derive(Debug, Deserialize)]
struct UsersForm {
    action: String,
    username: String,
    password: Option<String>,
    role: Option<String>,
    event_id: Option<String>,
}

async fn users_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    Form(form): Form<UsersForm>,
) -> Result<Response, AppError> {
    require_role(&user, &[Role::Admin])?;
    let l = viewer.lang;
    let username = form.username.trim().to_string();
    let outcome: Result<String, String> = match form.action.as_str() {
        "create" => {
            let password = form.password.unwrap_or_default();
            let role = form.role.as_deref().unwrap_or("").parse::<Role>();
            let taken = state
                .store
                .users()
                .await?
                .into_iter()
                .find(|u| username_key(&u.username) == username_key(&username))
                .map(|u| u.username);
            match (check_new_account(l, &username, &password, None), role) {
                (Err(m), _) => Err(m),
                (_, Err(_)) => Err(l
                    .t(
                        "Choose a role: administrator, rating officer or arbiter.",
                        "请选择角色：管理员、等级分管理员或裁判。",
                    )
                    .into()),
                (Ok(_), _) if taken.is_some() => Err(l.pick(
                    format!(
                        "The username {username} is too like the account {}: choose another.",
                        taken.as_deref().unwrap_or_default()
                    ),
                    format!(
                        "用户名 {username} 与已有账号 {} 过于相似：请另选一个。",
                        taken.as_deref().unwrap_or_default()
                    ),
                )),
                (Ok(username), Ok(role)) => {
                    let hash = hash_password_async(password).await?;
                    match state.store.create_user(&username, &hash, role).await? {
                        Some(a) => {
                            log_admin(
                                &state,
                                &user,
                                SecurityEvent::AccountCreated,
                                &a.username,
                                serde_json::json!({ "role": a.role }),
                            )
                            .await?;
                            Ok(l.pick(
                                format!(
                                    "Account {} created ({}).",
                                    a.username,
                                    role_name(l, a.role)
                                ),
                                format!("已创建账号 {}（{}）。", a.username, role_name(l, a.role)),
                            ))
                        }
                        None => Err(l.pick(
                            format!("The username {username} is taken."),
                            format!("用户名 {username} 已被使用。"),
                        )),
                    }
                }
            }
        }
        "assign" | "unassign" => {
            let event_id = form
                .event_id
                .as_deref()
                .unwrap_or("")
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|&n| n > 0);
            let account = state.store.user_by_name(&username).await?.map(|(a, _)| a);
            match (event_id, account) {
                (None, _) => Err(l
                    .t(
                        "The event id must be a whole number above 0.",
                        "赛事编号须为大于 0 的整数。",
                    )
                    .to_string()),
                (_, None) => Err(l.pick(
                    format!("No account named {username}."),
                    format!("没有名为 {username} 的账号。"),
                )),
                (Some(_), Some(a)) if a.role != Role::Arbiter => Err(l.pick(
                    format!("{} is not an arbiter account.", a.username),
                    format!("{} 不是裁判账号。", a.username),
                )),
                (Some(event), Some(_))
                    if form.action == "assign"
                        && matches!(
                            state.store.load_event(event).await,
                            Err(qiyuan_store::StoreError::NoSuchDeskEvent(_))
                        ) =>
                {
                    Err(l.pick(
                        format!("There is no event #{event} at the desk: create it first."),
                        format!("裁判台没有赛事 #{event}：请先创建该赛事。"),
                    ))
                }
                (Some(event), Some(a)) if form.action == "assign" => {
                    state.store.assign_arbiter(event, a.id).await?;
                    log_admin(
                        &state,
                        &user,
                        SecurityEvent::ArbiterAssigned,
                        &a.username,
                        serde_json::json!({ "event": event }),
                    )
                    .await?;
                    Ok(l.pick(
                        format!("{} is an arbiter of event #{event}.", a.username),
                        format!("已指派 {} 为赛事 #{event} 的裁判。", a.username),
                    ))
                }
                (Some(event), Some(a)) => {
                    if state.store.unassign_arbiter(event, a.id).await? {
                        log_admin(
                            &state,
                            &user,
                            SecurityEvent::ArbiterUnassigned,
                            &a.username,
                            serde_json::json!({ "event": event }),
                        )
                        .await?;
                        Ok(l.pick(
                            format!("{} is no longer an arbiter of event #{event}.", a.username),
                            format!("已撤销 {} 在赛事 #{event} 的裁判职务。", a.username),
                        ))
                    } else {
                        Err(l.pick(
                            format!("{} was not an arbiter of event #{event}.", a.username),
                            format!("{} 本来就不是赛事 #{event} 的裁判。", a.username),
                        ))
                    }
                }
            }
        }
        "role" | "reset" | "disable" | "enable" => {
            change_account(
                &state,
                l,
                &user,
                &form.action,
                &username,
                form.role.as_deref(),
                form.password,
            )
            .await?
        }
        other => {
            return Err(AppError::BadRequest(l.pick(
                format!("unknown action `{other}`"),
                format!("未知操作 `{other}`"),
            )));
        }
    };
    let failed = outcome.is_err();
    let mut resp = users_markup(&state, &viewer, Some(outcome))
        .await?
        .into_response();
    if failed {
        *resp.status_mut() = axum::http::StatusCode::BAD_REQUEST;
    }
    Ok(resp)
}

/// Logs an administrator's change to an account.
async fn log_admin(
    state: &AppState,
    admin: &User,
    kind: SecurityEvent,
    username: &str,
    detail: serde_json::Value,
) -> Result<(), AppError> {
    state
        .store
        .log_security(&SecurityEntry {
            kind,
            username: Some(username),
            actor: Some(&admin.username),
            address: None,
            detail: &detail.to_string(),
        })
        .await?;
    Ok(())
}

/// The account forms' `role`, `reset`, `disable` and `enable`: what the
/// store did, in the administrator's language. An administrator changes
/// others' accounts here, his own password on `/account/password`.
async fn change_account(
    state: &AppState,
    l: Lang,
    admin: &User,
    action: &str,
    username: &str,
    role: Option<&str>,
    password: Option<String>,
) -> Result<Result<String, String>, AppError> {
    let Some((account, _)) = state.store.user_by_name(username).await? else {
        return Ok(Err(l.pick(
            format!("No account named {username}."),
            format!("没有名为 {username} 的账号。"),
        )));
    };
    if account.id == admin.id {
        return Ok(Err(l
            .t(
                "You cannot change your own account here (your password: Change password).",
                "不能在此修改自己的账号（修改自己的密码请用“修改密码”）。",
            )
            .to_string()));
    }
    let name = account.username.as_str();
    let change = match action {
        "role" => {
            let Ok(role) = role.unwrap_or("").parse::<Role>() else {
                return Ok(Err(l
                    .t(
                        "Choose a role: administrator, rating officer or arbiter.",
                        "请选择角色：管理员、等级分管理员或裁判。",
                    )
                    .into()));
            };
            let done = state
                .store
                .set_account_role(account.id, role, &admin.username)
                .await?;
            (
                done,
                l.pick(
                    format!("{name} is now {}.", role_name(l, role)),
                    format!("{name} 的角色已改为{}。", role_name(l, role)),
                ),
            )
        }
        "reset" => {
            let password = password.unwrap_or_default();
            if let Err(m) = check_password(name, &password) {
                return Ok(Err(l.pick(m.en, m.zh)));
            }
            let hash = hash_password_async(password).await?;
            let done = state
                .store
                .change_password(account.id, &hash, None, Some(&admin.username))
                .await?;
            (
                done,
                l.pick(
                    format!("New password set for {name}; its sessions have ended."),
                    format!("已为 {name} 重设密码，其所有会话已结束。"),
                ),
            )
        }
        _ => {
            let disable = action == "disable";
            let done = state
                .store
                .set_account_disabled(account.id, disable, &admin.username)
                .await?;
            let said = if disable {
                l.pick(
                    format!("{name} is disabled: signed out everywhere, its API tokens refused."),
                    format!("已停用 {name}：所有会话已结束，其 API 令牌不再有效。"),
                )
            } else {
                l.pick(
                    format!("{name} is enabled again."),
                    format!("已重新启用 {name}。"),
                )
            };
            (done, said)
        }
    };
    Ok(match change {
        (AccountChange::Done, said) => Ok(said),
        (AccountChange::NoSuchAccount, _) => Err(l.pick(
            format!("No account named {username}."),
            format!("没有名为 {username} 的账号。"),
        )),
        (AccountChange::LastAdministrator, _) => Err(l.pick(
            format!("{name} is the last active administrator: make another one first."),
            format!("{name} 是最后一名正常的管理员：请先设立另一名管理员。"),
        )),
    })
}

fn password_markup(viewer: &Viewer, message: Option<Result<&str, &str>>) -> Markup {
    let l = viewer.lang;
    page(
        viewer,
        l.t("Change password", "修改密码"),
        html! {
            h1 { (l.t("Change password", "修改密码")) }
            @match message {
                Some(Ok(m)) => p.notice role="status" { (m) },
                Some(Err(m)) => p.error role="alert" { (m) },
                None => {},
            }
            form.stack method="post" action="/account/password" {
                (csrf_field(viewer))
                label { (l.t("Current password", "当前密码"))
                    input type="password" name="current" required autocomplete="current-password"; }
                label { (l.t("New password (at least 8 characters)", "新密码（至少 8 个字符）"))
                    input type="password" name="password" required minlength=(MIN_PASSWORD) autocomplete="new-password"; }
                label { (l.t("New password again", "再次输入新密码"))
                    input type="password" name="password2" required minlength=(MIN_PASSWORD) autocomplete="new-password"; }
                button type="submit" { (l.t("Change password", "修改密码")) }
            }
        },
    )
}

async fn password_page(viewer: Viewer, SignedIn(_): SignedIn) -> Markup {
    password_markup(&viewer, None)
}

#[derive(Debug, Deserialize)]
struct PasswordForm {
    current: String,
    password: String,
    password2: String,
}

/// `POST /account/password`: a signed-in user changes their own password
/// (the demo account's first), giving the current one; every other session
/// of the account ends.
async fn password_post(
    State(state): State<AppState>,
    viewer: Viewer,
    SignedIn(user): SignedIn,
    session: Option<Extension<SessionId>>,
    Form(form): Form<PasswordForm>,
) -> Result<Response, AppError> {
    let l = viewer.lang;
    let refuse = |msg: &str| {
        let mut resp = password_markup(&viewer, Some(Err(msg))).into_response();
        *resp.status_mut() = axum::http::StatusCode::BAD_REQUEST;
        Ok(resp)
    };
    let Some((_, hash)) = state.store.user_by_name(&user.username).await? else {
        return Err(AppError::Unauthorized);
    };
    if !verify_password_async(Some(hash), form.current).await {
        return refuse(l.t("The current password is wrong.", "当前密码错误。"));
    }
    if let Err(msg) = check_new_account(l, &user.username, &form.password, Some(&form.password2)) {
        return refuse(&msg);
    }
    let hash = hash_password_async(form.password).await?;
    // Whoever else was signed in with the old password is signed out.
    let this = session.map(|Extension(SessionId(id))| id);
    state
        .store
        .change_password(user.id, &hash, this.as_deref(), None)
        .await?;
    Ok(
        password_markup(&viewer, Some(Ok(l.t("Password changed.", "密码已修改。"))))
            .into_response(),
    )
}

async fn switch_lang(
    State(state): State<AppState>,
    Path(code): Path<String>,
    Query(q): Query<NextQuery>,
    headers: HeaderMap,
    session: Option<Extension<SessionId>>,
) -> Result<Response, AppError> {
    let lang = Lang::from_code(&code).ok_or(AppError::NotFound)?;
    if let Some(Extension(SessionId(id))) = session {
        state.store.set_session_lang(&id, lang.code()).await?;
    }
    // Back to the page the switch was clicked on (a path of this site only).
    let back = q.next.or_else(|| {
        let referer = headers.get(header::REFERER)?.to_str().ok()?;
        let host = headers.get(header::HOST)?.to_str().ok()?;
        let rest = referer
            .strip_prefix("http://")
            .or_else(|| referer.strip_prefix("https://"))?;
        rest.strip_prefix(host).map(str::to_string)
    });
    let to = safe_next(back.as_deref());
    Ok(redirect_with_cookie(
        &to,
        set_cookie(&state, LANG_COOKIE, lang.code(), 365 * 24 * 3600),
    ))
}

async fn health() -> Json<serde_json::Value> {
    Json(serde_json::json!({ "status": "ok" }))
}

/// `GET /api/v1/whoami`: who the API sees (a token or a session with its
/// CSRF header).
async fn whoami(ApiCaller(user): ApiCaller) -> Json<User> {
    Json(user)
}
