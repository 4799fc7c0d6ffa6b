import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * The forms a page sends without script (decision 060): a vote, a question. A browser posts them as
 * application/x-www-form-urlencoded and follows a 303 back to the page; the routes take them beside their JSON,
 * with the same rules, limits, cookie and origin checks. A page of another site can post such a form without a
 * CORS preflight, as it could text/plain: the origin check (origin.ts) and the voter cookie's SameSite=Lax stop it.
 */
const formType = "application/x-www-form-urlencoded";

/** Whether the request's body is a form, whatever it holds (an empty form, as a vote is, included). */
export function sentAsForm(request: FastifyRequest): boolean {
  return request.headers["content-type"]?.split(";")[0]?.trim().toLowerCase() === formType;
}

/** A malformed form is the client's mistake: Fastify's error handler answers 400 with this message. */
class MalformedForm extends Error {
  readonly statusCode = 400;
}

/**
 * A form's fields by name, as a plain record the routes read as they read a JSON body. Strict where a browser
 * never errs: an escape that decodes to no text, or a name given twice (which value would count?), is refused.
 */
export function parseForm(body: string): Record<string, string> {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replaceAll("+", " "));
    } catch {
      throw new MalformedForm("Malformed form: an escape that is not UTF-8 text");
    }
  };
  for (const pair of body.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const name = decode(equals === -1 ? pair : pair.slice(0, equals));
    if (Object.hasOwn(fields, name)) throw new MalformedForm(`Malformed form: the field "${name}" is given twice`);
    fields[name] = equals === -1 ? "" : decode(pair.slice(equals + 1));
  }
  return fields;
}

/**
 * Takes forms in the API's routes, and says their refusals as text: a person without script reads the answer in
 * the browser itself, where a JSON error would show as code. The status stays the JSON API's.
 */
export function registerForms(app: FastifyInstance) {
  app.addContentTypeParser(formType, { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseForm(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    if (reply.statusCode < 400 || !sentAsForm(request) || typeof payload !== "string") {
      done(null, payload);
      return;
    }
    let message: unknown;
    try {
      message = (JSON.parse(payload) as { error?: unknown }).error;
    } catch {
      message = undefined;
    }
    if (typeof message !== "string") {
      done(null, payload);
      return;
    }
    void reply.type("text/plain; charset=utf-8");
    done(null, message);
  });
}

/** A form taken: back to its page, at the marker the page shows without script (a `:target` note). */
export function backToPage(reply: FastifyReply, page: string, marker: string): FastifyReply {
  return reply.code(303).header("location", `${page}#${marker}`).send();
}
