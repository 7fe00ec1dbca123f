// The playground page: two tabs, each a panel of its own module. A failure nobody caught is
// shown on the page rather than leaving it blank.
import { setUpDoudizhu } from "./doudizhu.js";
import { setUpMahjong } from "./mahjong.js";
import { $ } from "./dom.js";

function fatal(message) {
  const box = $("fatal");
  box.hidden = false;
  box.textContent = `Something went wrong in the page: ${message}`;
}
window.addEventListener("error", (event) => fatal(event.message));
window.addEventListener("unhandledrejection", (event) => fatal(String(event.reason)));

/** Tabs as the ARIA pattern has them: click, or the arrow keys between tabs. */
function setUpTabs() {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const choose = (tab) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute("aria-selected", String(selected));
      other.tabIndex = selected ? 0 : -1;
      $(other.getAttribute("aria-controls")).hidden = !selected;
    }
    tab.focus();
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener("click", () => choose(tab));
    tab.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (step !== 0) choose(tabs[(index + step + tabs.length) % tabs.length]);
    });
  });
}

function start() {
  setUpTabs();
  setUpDoudizhu();
  setUpMahjong();
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
