import type { Context, Middleware, Next } from 'koa';

/** Runs middleware in order, like Koa itself (and koa-compose), ending in `next`. */
export function compose(stack: Middleware[]) {
  return function composed(ctx: Context, next: Next = async () => {}): Promise<void> {
    const dispatch = (index: number): Promise<void> => {
      const middleware = stack[index];
      if (!middleware) return index === stack.length ? Promise.resolve(next()) : Promise.resolve();
      try {
        return Promise.resolve(middleware(ctx, () => dispatch(index + 1)));
      } catch (error) {
        return Promise.reject(error);
      }
    };
    return dispatch(0);
  };
}
