-- A rating may name a skill without an action (DESIGN §14, the product's own rating model); it counts under the skill.
ALTER TABLE "rating" ALTER COLUMN "learning_action_id" DROP NOT NULL;
