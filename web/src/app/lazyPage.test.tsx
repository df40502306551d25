/** A page's chunk is fetched once, whether the route loader preloads it or the page renders first. */
import { render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { expect, it } from "vitest";
import { lazyPage } from "./lazyPage.ts";

const Page = () => <p>the page</p>;

it("renders a preloaded page from the chunk the preload fetched", async () => {
  let fetched = 0;
  const LazyPage = lazyPage(async () => {
    fetched += 1;
    return { default: Page };
  });
  await LazyPage.preload();
  render(
    <Suspense fallback={<p>loading</p>}>
      <LazyPage />
    </Suspense>,
  );
  expect(await screen.findByText("the page")).toBeTruthy();
  expect(fetched).toBe(1);
});

it("shows the fallback for a page whose chunk is still on its way, then the page", async () => {
  const LazyPage = lazyPage(async () => ({ default: Page }));
  render(
    <Suspense fallback={<p>loading</p>}>
      <LazyPage />
    </Suspense>,
  );
  expect(screen.getByText("loading")).toBeTruthy();
  expect(await screen.findByText("the page")).toBeTruthy();
});

it("keeps a page that came in behind its fallback when it renders again", async () => {
  let mounts = 0;
  const Counted = ({ label }: { label: string }) => {
    const [mount] = useState(() => ++mounts);
    return <p>{`${label} ${mount}`}</p>;
  };
  const LazyPage = lazyPage(async () => ({ default: Counted }));
  const view = (label: string) => (
    <Suspense fallback={<p>loading</p>}>
      <LazyPage label={label} />
    </Suspense>
  );
  const { rerender } = render(view("first"));
  expect(await screen.findByText("first 1")).toBeTruthy();
  rerender(view("again"));
  expect(screen.getByText("again 1")).toBeTruthy();
});
