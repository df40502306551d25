import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// `findBy…` and `waitFor` give up after 1 s by default: on a loaded 2-core machine the first render of a lazy
// chunk (transformed on demand) takes longer than that
configure({ asyncUtilTimeout: 5000 });

/** Whether a width query (antd's breakpoints: `(min-width: 768px)`, `(max-width: 575px)`) holds at jsdom's window width. */
function matchesWidth(query: string): boolean {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  if (!min && !max) return false;
  return (!min || window.innerWidth >= Number(min[1])) && (!max || window.innerWidth <= Number(max[1]));
}

// antd reads these; jsdom has neither. Its window is 1024 px wide: a desktop, as antd's breakpoints see it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      get matches() {
        return matchesWidth(query);
      },
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

// antd's Watermark draws on a canvas, which jsdom does not implement
HTMLCanvasElement.prototype.getContext = (() => null) as typeof HTMLCanvasElement.prototype.getContext;

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
