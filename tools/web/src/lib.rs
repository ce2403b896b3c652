//! Serves a folder (by default `target/site`, which `cargo xtask site` and
//! `tools/web/build` write) on `127.0.0.1` only, with the content types a
//! browser needs for WebAssembly modules (`application/wasm`) and the
//! handouts (plain text).
//!
//! `cargo xtask serve`, `cargo run -p site-serve` or `tools/web/serve`, then
//! open the address it prints. Options: `--port N` (default 8000, 0 picks a
//! free one), `--dir PATH`.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

/// Serves until the process is stopped; `args` are the options (after the
/// program's name); `Err` is the one line to show.
pub fn serve(args: impl IntoIterator<Item = String>) -> Result<(), String> {
    let mut port = 8000u16;
    let mut dir = PathBuf::from("target/site");
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--port" => {
                let value = args.next().unwrap_or_default();
                port = value.parse().map_err(|_| format!("--port {value}: give a port number, e.g. --port 8000"))?;
            }
            "--dir" => dir = args.next().map(PathBuf::from).ok_or("--dir needs a folder, e.g. --dir target/site")?,
            other => return Err(format!("unknown option {other} (use --port N and/or --dir PATH)")),
        }
    }
    if !dir.join("index.html").is_file() {
        return Err(format!(
            "no {}/index.html: build the site first with cargo xtask site (or tools/web/build)",
            dir.display()
        ));
    }
    let listener =
        TcpListener::bind(("127.0.0.1", port)).map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    println!("serving {} at http://{address}/ (Ctrl-C stops)", dir.display());
    for stream in listener.incoming().flatten() {
        let dir = dir.clone();
        std::thread::spawn(move || {
            let _ = answer(stream, &dir);
        });
    }
    Ok(())
}

/// Answers one GET or HEAD request with a file under `dir`, or 404.
fn answer(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut request = String::new();
    BufReader::new(&stream).read_line(&mut request)?;
    let mut words = request.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    if method != "GET" && method != "HEAD" {
        return respond(&mut stream, "405 Method Not Allowed", "text/plain", b"only GET and HEAD\n", true);
    }
    let path = target.split(['?', '#']).next().unwrap_or("/");
    match file_for(dir, path).and_then(|f| std::fs::read(&f).ok().map(|bytes| (f, bytes))) {
        Some((file, bytes)) => respond(&mut stream, "200 OK", content_type(&file), &bytes, method == "GET"),
        None => respond(&mut stream, "404 Not Found", "text/plain", b"not found\n", method == "GET"),
    }
}

/// The file a URL path names under `dir` (a folder gives its index.html);
/// `None` for a path that climbs out of `dir` or names nothing.
fn file_for(dir: &Path, url_path: &str) -> Option<PathBuf> {
    let relative = PathBuf::from(percent_decode(url_path.trim_start_matches('/')));
    if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
        return None;
    }
    let file = dir.join(relative);
    let file = if file.is_dir() { file.join("index.html") } else { file };
    file.is_file().then_some(file)
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "md" | "txt" => "text/plain; charset=utf-8",
        "png" => "image/png",
        // The handouts' figures: a browser draws an <img> of SVG only when
        // it is served as SVG.
        "svg" => "image/svg+xml",
        "css" => "text/css; charset=utf-8",
        _ => "application/octet-stream",
    }
}

fn respond(stream: &mut TcpStream, status: &str, kind: &str, body: &[u8], with_body: bool) -> std::io::Result<()> {
    let head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    if with_body {
        stream.write_all(body)?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_the_site() {
        let dir = std::env::temp_dir().join(format!("site-serve-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lab01")).unwrap();
        std::fs::write(dir.join("index.html"), "x").unwrap();
        std::fs::write(dir.join("lab01/index.html"), "y").unwrap();
        assert_eq!(file_for(&dir, "/"), Some(dir.join("index.html")));
        assert_eq!(file_for(&dir, "/lab01/"), Some(dir.join("lab01/index.html")));
        assert_eq!(file_for(&dir, "/lab%30%31/index.html"), Some(dir.join("lab01/index.html")));
        assert_eq!(file_for(&dir, "/../etc/passwd"), None);
        assert_eq!(file_for(&dir, "/lab01/%2e%2e/%2e%2e/x"), None);
        assert_eq!(file_for(&dir, "/missing.js"), None);
        assert_eq!(content_type(Path::new("a_bg.wasm")), "application/wasm");
        assert_eq!(content_type(Path::new("figures/tree.svg")), "image/svg+xml");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
