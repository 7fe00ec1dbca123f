// Small DOM helpers.

/** The element with `id`. */
export function $(id) {
  const element = document.getElementById(id);
  if (!element) throw new Error(`the page has no #${id}`);
  return element;
}

/** A new element with attributes and children (strings become text). */
export function el(tag, attributes = {}, children = []) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  element.append(...(Array.isArray(children) ? children : [children]));
  return element;
}

/** Fills `container` with what `produce` returns, marked busy meanwhile. */
export async function showBusy(container, produce) {
  container.setAttribute("aria-busy", "true");
  try {
    const parts = await produce();
    container.replaceChildren(...parts);
  } finally {
    container.removeAttribute("aria-busy");
  }
}
