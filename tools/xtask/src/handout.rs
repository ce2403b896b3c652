//! The site's handout pages: Markdown rendered to HTML, so a student reads
//! the handout with its figures, tables and folded hints in the browser.
//!
//! Links between the course's pages (`../GLOSSARY.md#bind-pose`,
//! `FURTHER.md`) point to the rendered pages (`.html`), and headings get
//! GitHub's anchors, so the same links work on GitHub and on the site.

use pulldown_cmark::{CowStr, Event, Options, Parser, Tag, TagEnd, html};

/// The page for one Markdown file, titled by its first heading.
pub fn page(markdown: &str) -> String {
    let title = markdown.lines().next().unwrap_or("").trim_start_matches('#').trim();
    format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<style>{STYLE}</style></head>\n\
         <body><main>\n{}</main></body></html>\n",
        escape(title),
        body(markdown)
    )
}

const STYLE: &str = "body{font-family:sans-serif;line-height:1.5;margin:0;background:#fafafa;color:#222}\
main{max-width:760px;margin:0 auto;padding:1em 1.5em;background:white}\
img{max-width:100%;height:auto}pre{background:#f4f4f4;padding:.6em;overflow-x:auto}\
code{font-size:90%}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.2em .5em}\
details{background:#f7f7ff;padding:.3em .8em;margin:.6em 0}summary{cursor:pointer}";

/// The HTML of a Markdown text (tables, footnotes, raw HTML such as
/// `<details>` kept).
fn body(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_STRIKETHROUGH;
    let mut events: Vec<Event> = Vec::new();
    let mut heading: Option<(Tag, Vec<Event>)> = None;
    for event in Parser::new_ext(markdown, options) {
        let event = match event {
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
                Event::Start(Tag::Link { link_type, dest_url: local(dest_url), title, id })
            }
            other => other,
        };
        match event {
            Event::Start(tag @ Tag::Heading { .. }) => heading = Some((tag, Vec::new())),
            Event::End(TagEnd::Heading(level)) => {
                if let Some((Tag::Heading { classes, attrs, .. }, inner)) = heading.take() {
                    let text: String = inner
                        .iter()
                        .filter_map(|e| match e {
                            Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                            _ => None,
                        })
                        .collect();
                    events.push(Event::Start(Tag::Heading { level, id: Some(anchor(&text).into()), classes, attrs }));
                    events.extend(inner);
                    events.push(Event::End(TagEnd::Heading(level)));
                }
            }
            other => match heading.as_mut() {
                Some((_, inner)) => inner.push(other),
                None => events.push(other),
            },
        }
    }
    let mut out = String::new();
    html::push_html(&mut out, events.into_iter());
    out
}

/// A link to another of the course's Markdown pages points to its HTML page.
fn local(dest: CowStr) -> CowStr {
    if dest.contains("://") {
        return dest;
    }
    let (path, fragment) = dest.split_once('#').map_or((dest.as_ref(), None), |(p, f)| (p, Some(f)));
    match path.strip_suffix(".md") {
        Some(stem) => match fragment {
            Some(f) => format!("{stem}.html#{f}").into(),
            None => format!("{stem}.html").into(),
        },
        None => dest,
    }
}

/// GitHub's anchor for a heading: lowercase, punctuation dropped, spaces as
/// hyphens.
fn anchor(text: &str) -> String {
    text.trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_point_to_pages_and_headings_get_githubs_anchors() {
        let html = body(
            "### Bind pose\n\nSee [it](../GLOSSARY.md#bind-pose), [more](FURTHER.md), [web](https://x.org/a.md).\n\n![a figure](figures/tree.svg)\n",
        );
        assert!(html.contains(r#"<h3 id="bind-pose">Bind pose</h3>"#), "{html}");
        assert!(html.contains(r#"href="../GLOSSARY.html#bind-pose""#), "{html}");
        assert!(html.contains(r#"href="FURTHER.html""#), "{html}");
        assert!(html.contains(r#"href="https://x.org/a.md""#), "{html}");
        assert!(html.contains(r#"<img src="figures/tree.svg" alt="a figure""#), "{html}");
    }

    #[test]
    fn folded_hints_stay_folded() {
        let html = body("<details><summary>Hints for step 1</summary>\n\n1. A hint.\n\n</details>\n");
        assert!(html.contains("<details><summary>Hints for step 1</summary>"), "{html}");
        assert!(html.contains("<li>A hint.</li>"), "{html}");
    }
}
