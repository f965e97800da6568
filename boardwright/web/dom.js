// Tiny DOM helpers shared by the pages (no framework: plain elements and listeners).

/** h("button", {class: "x", dataset: {action: "draw"}, onclick: f}, "Draw") */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** The same for SVG elements; `title` becomes a <title> child (a tooltip and an accessible name). */
export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "dataset") Object.assign(el.dataset, value);
    else if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "title") el.append(s("title", {}, value));
    else el.setAttribute(name, value);
  }
  el.append(...children.flat().filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/** GET/POST JSON; throws an Error carrying the server's error code and message. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    const detail = data && (data.detail || data);
    const message = (detail && (detail.message || (typeof detail === "string" ? detail : null)))
      || `HTTP ${response.status}`;
    const error = new Error(message);
    error.code = detail && detail.code;
    error.params = (detail && detail.params) || {};
    throw error;
  }
  return data;
}

/** An absolute link for a server path such as "/m/abc?seat=1&token=…". */
export function absolute(path) {
  return new URL(path, location.origin).href;
}
