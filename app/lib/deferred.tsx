import { type ComponentType, memo, Suspense, use } from "react";

/**
 * A part of a page whose code is fetched beside the page's, not before it hydrates (issue 16): a
 * form and conform's hooks (10 kB gzip) that work as plain HTML until they arrive. The server
 * renders the part whole. In the browser its chunk is asked for as soon as the page's module runs;
 * until it is here React leaves the server's HTML in place (a Suspense boundary hydrated later),
 * so the form can be read, typed in and submitted meanwhile, as without JavaScript. On a client
 * navigation the chunk comes with the route's module, usually before the loader's data.
 *
 *   const CodeForm = deferred(() => import("./two-factor-form").then((module) => module.CodeForm));
 *
 * The part is memoized and its props must keep their identity while the page renders again (loader
 * and action data, strings, no inline objects or children): a boundary React has not hydrated yet
 * that gets new props is dropped and drawn again in the browser, empty until its code is here.
 * Should the chunk fail to load, the route's error boundary says so, as for a route's own module.
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const part: Loading = { arriving: load() };
  part.arriving.then(
    (component) => {
      part.loaded = component;
    },
    // A failed fetch is reported where the part is drawn (use throws it), not as an unhandled rejection.
    () => {},
  );
  return (props: Props) => <Boundary {...props} deferredPart={part} />;
}

// A part's props are checked where deferred() is called; past it they travel as they came.
type Loading = { arriving: Promise<ComponentType<any>>; loaded?: ComponentType<any> };
type BoundaryProps = { deferredPart: Loading } & Record<string, unknown>;

// memo's comparison, prop by prop, is what keeps a boundary not hydrated yet from being drawn again.
const Boundary = memo(function Boundary(props: BoundaryProps) {
  return (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
});

function Part({ deferredPart, ...props }: BoundaryProps) {
  const Component = deferredPart.loaded ?? use(deferredPart.arriving);
  return <Component {...props} />;
}
