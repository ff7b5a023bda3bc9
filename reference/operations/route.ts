import type { FastifyInstance } from 'fastify';
import { operation } from '../../contract/index.js';
import { sendValidationProblem } from '../problems.js';
import { hasNullMember } from '../validate/index.js';
import { resolveSession } from './session.js';
import { validateWithFaults } from './validation.js';
import type { OperationContext, OperationHandler } from './context.js';

/**
 * Registers one partner operation at its contract path and method (D1): GET operations read
 * the query string, POST ones the JSON body. Order: session (D4), validation (400, D13/D14),
 * then the handler's business rules. The core's hooks already checked token, allow list,
 * apiVersion and content type; the `apiVersion` query parameter is simply not a field.
 */
export function defineOperation(app: FastifyInstance, ctx: OperationContext, operationId: string, handler: OperationHandler): void {
  const op = operation(operationId);
  app.route({
    method: op.method,
    url: op.path,
    handler: async (request, reply) => {
      const session = resolveSession(ctx, request, reply);
      if (!session) return reply;
      const input = op.method === 'GET' ? request.query : request.body;
      if (ctx.faults.has('server-error-on-null') && hasNullMember(input))
        throw new TypeError(`Cannot read properties of null (reading '${op.fields[0]?.name ?? 'value'}')`);
      const v = validateWithFaults(ctx.faults, op, input);
      if (v.errors.length > 0) return sendValidationProblem(reply, request, v.errors);
      return handler(ctx, { op, values: v.values, session, request, reply });
    },
  });
}
