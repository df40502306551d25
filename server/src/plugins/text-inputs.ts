/**
 * Text the database cannot store or that is not Unicode (NUL, lone surrogates; contract `inputs.ts`) is
 * refused in every input, route params, query and body, before anything reads it: code 604 naming the field.
 * It runs ahead of the routes' own preValidation hooks (the SDK's looks its app up by the key in the query).
 */
import { Code, unstorableTextPath } from "@pc/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/app-error.ts";

async function textInputsPlugin(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const input of [request.params, request.query, request.body]) {
      const path = unstorableTextPath(input);
      // An empty path is a body that is itself text (text/plain).
      if (path) throw new AppError(Code.ParamError, "illegalCharacters", {}, path.join(".") || "body");
    }
  });
}

export const textInputs = fp(textInputsPlugin, { name: "text-inputs" });
